// Type tests, checked by `tsc -p test/types` (test/types/types.test.ts): valid calls
// compile; every `@ts-expect-error` line must be a type error, or tsc fails.
import {
  adminRateLimit,
  createAdminClient,
  createAdminRest,
  createRateLimiter,
  getProjectUsage,
  type AdminClient,
  type AdminOperations,
} from "@chaindata/admin";
import {
  createCompressionClient,
  createCompressionRpc,
  paginateGetCompressedAccountsByOwner,
  paginateGetLatestCompressionSignatures,
  type CompressionRpc,
} from "@chaindata/compression";
import {
  createRestTransport,
  paginate,
  resumeParamsOf,
  rpcEncoding,
  walletHost,
} from "@chaindata/core";
import * as dasPackage from "@chaindata/das";
import {
  APIError,
  InvalidResponseError,
  JsonRpcError,
  RateLimitError,
  createBatcher,
  createCoalescer,
  isRetryable,
  checkGetAsset,
  createDasClient,
  createDasRpc,
  dasU64Shape,
  getAsset,
  getAssetsByOwnerItemU64Shape,
  getAssetsByOwnerPagination,
  getAssetsByOwnerU64Shape,
  getNftEditionsItemU64Shape,
  paginate as dasPaginate,
  parseJson,
  reviveU64,
  paginateGetAssetsByOwner,
  paginateGetNftEditions,
  type Asset,
  type AssetList,
  type DasRpc,
  type PageWalkOptions,
  type PaginationDescriptor,
  type RpcMethodDescriptor,
  type ResponseFields,
  type U64Shape,
} from "@chaindata/das";
import { createMintRpc, mintCompressedNft, type MintRpc } from "@chaindata/mint";
import {
  checkCreateWebhook as sdkCheckCreateWebhook,
  createChainDataClient,
  createWebhooksRest as sdkCreateWebhooksRest,
  type AnyChainDataError,
  type ChainDataAreaOptions,
  type ChainDataClientOptions,
  type CallOptions as SdkCallOptions,
  type Paginated as SdkPaginated,
  type ParamsArgument as SdkParamsArgument,
  type RequestOptions as RequestOptionsOfSdk,
  ValidationError as ValidationErrorOfSdk,
  type Compression,
  type Das,
  type Wallet,
} from "@chaindata/sdk";
import {
  createSenderClient,
  createSenderRpc,
  ping,
  sendTransaction,
  senderMinimumTipLamports,
  senderRegions,
  senderTipAccounts,
  type CallOptions as SenderCallOptions,
  type PingResult,
  type SenderClientOptions,
  type SenderRegion,
  type SingleMethod as SenderSingleMethod,
  type SenderRpc,
} from "@chaindata/sender";
// @ts-expect-error — the sender takes no batcher, so its package exports none
import { createBatcher as senderBatcher } from "@chaindata/sender";
import { startMock } from "@chaindata/mock";
import {
  createWalletClient,
  createWalletRest,
  getBalances,
  getIdentity,
  getTransfersItemU64Shape,
  getTransfersU64Shape,
  paginateGetTransfers,
  resumeParamsOf as walletResumeParamsOf,
  type GetIdentityInput,
  type GetIdentityResult,
  type Paginated as WalletPaginated,
  type ParamsArgument as WalletParamsArgument,
  type RequestOptions as WalletRequestOptions,
  type WalletClient,
  type WalletOperation,
  type WalletOperations,
  type WalletParams,
  type WalletResult,
  type WalletTransferItem,
  walletU64Shape,
} from "@chaindata/wallet";
import {
  addWebhookAddresses,
  checkCreateWebhook,
  checkGetWebhook,
  createWebhook,
  editWebhook,
  createMemorySignatureStore,
  createWebhookHandler,
  createWebhooksClient,
  createWebhooksRest,
  getWebhook,
  listWebhooks,
  removeWebhookAddresses,
  updateWebhook,
  toNodeHandler,
  type EnhancedTransactionEvent,
  type KnownTransactionType,
  type RawTransactionEvent,
  type RestClientOptions,
  type TransactionType,
  type WebhooksClient,
  type WebhooksOperation,
  type WebhooksOperations,
  type WebhooksParams,
  type WebhooksResult,
  type DeliveryKind,
  type WebhookHandlerOptions,
} from "@chaindata/webhooks";
import type { TokenMetadataClient, TokenMetadataOperations } from "@chaindata/token-metadata";
// The generated descriptors, which the packages do not export: their types are what a REST
// handle's `call` checks the generated functions against.
import type * as walletOperations from "../../packages/wallet/src/generated/operations.js";
import type * as webhooksOperations from "../../packages/webhooks/src/generated/operations.js";
import { createServer } from "node:http";
import { getAssetTool, toolSchemas as dasTools } from "@chaindata/das/tool-schemas";
import {
  checkGetLatestCompressionSignatures,
  getLatestCompressionSignatures,
} from "@chaindata/compression";
import { toolSchemas as walletTools } from "@chaindata/wallet/tool-schemas";
import { toolAreas, toolSchemas as allTools } from "@chaindata/sdk/tool-schemas";
import { isKnownTransactionType, knownTransactionTypes } from "@chaindata/webhooks/known-values";
import { knownTransactionTypes as walletTransactionTypes } from "@chaindata/wallet/known-values";

const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const das = createDasClient({
  apiKey: "k",
  environment: "local",
  maxRetries: 0,
  batch: createBatcher({ maxSize: 10 }),
});
const compression = createCompressionClient();
const sender = createSenderClient({ baseUrls: { sender: "http://127.0.0.1:1" } });
// @ts-expect-error — the Sender documents no JSON-RPC batches: its clients take no `batch`
createSenderClient({ batch: createBatcher() });
const wallet = createWalletClient();
const admin = createAdminClient({ rateLimit: createRateLimiter(adminRateLimit) });
const webhooks = createWebhooksClient();
const sdk = createChainDataClient({ environment: "devnet" });
// The sdk's options: an area's, but a limiter is an area's own (given in `areas`).
const sdkOptions: ChainDataClientOptions = { timeout: 5_000, rateLimit: false };
createChainDataClient(sdkOptions);
// @ts-expect-error — no limiter for every area at once: `areas: { admin: { rateLimit } }`
createChainDataClient({ rateLimit: createRateLimiter(adminRateLimit) });
// Per-area options: each entry is that area's own factory's options, laid over the shared ones.
createChainDataClient({
  apiKey: "k",
  timeout: 10_000,
  headers: { "x-team": "t" },
  areas: {
    sender: { apiKey: "sender-key", timeout: 2_000, baseUrls: { sender: senderRegions.fra } },
    admin: { rateLimit: createRateLimiter(adminRateLimit), headers: new Headers({ "x-a": "1" }) },
    das: { batch: createBatcher(), maxRetries: 5, headers: [["x-a", "1"]] },
    compression: { batch: false },
    wallet: { headers: { "x-team": null } },
    tokenMetadata: undefined,
  },
});
// Coalescing: every area takes a coalescer, shared (one for all areas) or an area's own.
createChainDataClient({ coalesce: createCoalescer(), areas: { wallet: { coalesce: false } } });
createSenderClient({ coalesce: createCoalescer() });
createWalletClient({ coalesce: createCoalescer() });
// @ts-expect-error — a coalescer is made by createCoalescer(), so that bundles without one carry none
createDasClient({ coalesce: true });
// @ts-expect-error — the factory itself, not called
createChainDataClient({ coalesce: createCoalescer });
const senderArea: ChainDataAreaOptions["sender"] = { apiKey: "sender-key" };
const areaOptions: ChainDataAreaOptions = { sender: senderArea, webhooks: { logger: console } };
createChainDataClient({ areas: areaOptions });
// (Typed as each area's own factory takes them: what one accepts, its `areas` entry accepts.)
const ownSender: Parameters<typeof createSenderClient>[0] = { timeout: 2_000 };
createChainDataClient({ areas: { sender: ownSender } });
// @ts-expect-error — no area of that name
createChainDataClient({ areas: { dass: { timeout: 1 } } });
// @ts-expect-error — a REST area takes no batcher, as createWalletClient does not
createChainDataClient({ areas: { wallet: { batch: createBatcher() } } });
// @ts-expect-error — nor does the sender, as createSenderClient does not
createChainDataClient({ areas: { sender: { batch: createBatcher() } } });
// @ts-expect-error — a misspelt option inside an area
createChainDataClient({ areas: { sender: { timout: 2_000 } } });
// @ts-expect-error — a timeout is a number of milliseconds
createChainDataClient({ areas: { sender: { timeout: "2s" } } });
// @ts-expect-error — an area's options are an object, not its key
createChainDataClient({ areas: { sender: "sender-key" } });
// @ts-expect-error — a limiter is made by createRateLimiter, in an area too
createChainDataClient({ areas: { admin: { rateLimit: { requestsPerSecond: 5 } } } });

export async function valid(signal: AbortSignal): Promise<void> {
  const asset: Asset = await das.getAsset(
    { id: ADDRESS, options: { showFungible: true } },
    { signal, timeout: 5_000 },
  );
  const supply: bigint | undefined = asset.token_info?.supply;
  const batch = await das.getAssetBatch({ ids: [ADDRESS] });
  batch.forEach((a) => a?.id);
  for await (const item of das.getAssetsByOwner.all(
    { ownerAddress: ADDRESS, limit: 1000 },
    { maxPages: 3 },
  )) {
    const id: string = item.id;
  }
  for await (const page of das.getAssetsByOwner.all({ ownerAddress: ADDRESS }).pages()) page.items;
  // A checkpoint's next is the operation's params, to resume from; undefined where the data ends.
  for await (const { result, next } of das.getAssetsByOwner
    .all({ ownerAddress: ADDRESS })
    .checkpoints()) {
    result.items;
    const resumed: string = next?.ownerAddress ?? "done";
    if (next) das.getAssetsByOwner.all(next, { maxPages: 1 });
    // @ts-expect-error next is undefined at the end of the data
    next.ownerAddress;
    // @ts-expect-error next is the params of getAssetsByOwner, not of another walk
    das.getNftEditions.all(next ?? { ownerAddress: ADDRESS });
  }
  // A walk error's resumeFrom, typed as the walk's params by resumeParamsOf (from the walk or
  // its operation, in every area's package): no cast (user trial 64, F6).
  try {
    for await (const item of das.getAssetsByOwner.all({ ownerAddress: ADDRESS })) item.id;
  } catch (error) {
    const next = dasPackage.resumeParamsOf(das.getAssetsByOwner, error);
    const owner: string | undefined = next?.ownerAddress;
    if (next) das.getAssetsByOwner.all(next);
    // @ts-expect-error undefined when no walk threw the error
    next.ownerAddress;
    // @ts-expect-error the params of getAssetsByOwner, not of another walk
    if (next) das.getNftEditions.all(next);
    const walk = paginateGetCompressedAccountsByOwner(createCompressionRpc(), { owner: ADDRESS });
    const fromWalk = resumeParamsOf(walk, error);
    if (fromWalk) compression.getCompressedAccountsByOwner.all(fromWalk);
    const fromWallet = walletResumeParamsOf(wallet.getBalances, error);
    if (fromWallet) wallet.getBalances.all(fromWallet);
    // @ts-expect-error a walk or a paginated operation, not a one-page call
    resumeParamsOf(das.getAsset, error);
  }
  const byName = await das.request("getNftEditions", { mint: ADDRESS });
  byName.editions;
  // The standalone functions take a client of their endpoint: the DAS and compression methods are
  // both served at the rpc host's POST /.
  await getAsset(createDasRpc(), { id: ADDRESS });
  await getAsset(createCompressionRpc(), { id: ADDRESS });
  // A method whose params are all optional is called by name without them, as directly.
  (await compression.request("getLatestCompressionSignatures")).value.items;
  await compression.request("getLatestCompressionSignatures", undefined, { timeout: 5000 });

  const balance = await compression.getCompressedBalanceByOwner({ owner: ADDRESS });
  const lamports: bigint = balance.value;
  for await (const account of compression.getCompressedAccountsByOwner.all({ owner: ADDRESS }))
    account.hash;
  await compression.getMultipleNewAddressProofsV2([{ address: ADDRESS, tree: ADDRESS }]);

  const signature: string = await sender.sendTransaction({
    transaction: "AQID",
    config: { encoding: "base64" },
    swqosOnly: true,
  });
  // A query option in the call options too, as the runtime takes it (user trial 32, F5), typed
  // as in the params.
  await sender.sendTransaction(
    { transaction: "AQID", config: { encoding: "base64" } },
    { swqosOnly: true, timeout: 2000 },
  );
  await sendTransaction(
    createSenderRpc(),
    { transaction: "AQID", config: { encoding: "base64" } },
    { swqosOnly: true },
  );
  await sendTransaction(
    createSenderRpc(),
    { transaction: "AQID", config: { encoding: "base64" } },
    // @ts-expect-error swqosOnly is a boolean
    { swqosOnly: "yes" },
  );
  // The keep-alive: no params, only call options; the text `ok`.
  const ok: PingResult = await sender.ping({ timeout: 2000, maxRetries: 1, signal });
  const text: string = await ping(createSenderRpc({ environment: "local" }));

  const balances = await wallet.getBalances({
    wallet: ADDRESS,
    page: 2,
    limit: 100,
    showNfts: true,
  });
  balances.balances[0]?.mint;
  for await (const transfer of wallet.getTransfers.all({ wallet: ADDRESS })) transfer.signature;
  await wallet.getIdentity({ wallet: "toly.sol" });
  // Paging by hand, as the JSDoc says: a result's nextCursor (string | null) is the next params'.
  const history = await wallet.getHistory({ wallet: ADDRESS });
  await wallet.getHistory({ wallet: ADDRESS, before: history.pagination.nextCursor });
  // The `type` filter is the webhook transaction type, an open enum: the known values complete, and
  // a type the reference list lacks passes (user trial 24: it was a plain string).
  await wallet.getHistory({ wallet: ADDRESS, type: "SWAP" });
  await wallet.getHistory({ wallet: ADDRESS, type: "CREATE_APPARAISAL" });
  const historyType: Same<
    Exclude<Wallet.GetHistoryInput["type"], undefined>,
    KnownTransactionType | (string & {})
  > = true;
  const sameTypes: Same<Wallet.TransactionType, TransactionType> = true;
  // A webhook's `encoding`, an open enum of the two encodings the SDKs name.
  const encoding: Same<
    Exclude<Parameters<typeof webhooks.updateWebhook>[0]["encoding"], undefined>,
    "jsonParsed" | "json" | (string & {})
  > = true;
  void [historyType, sameTypes, encoding];
  const transfers = await wallet.getTransfers({ wallet: ADDRESS });
  await wallet.getTransfers({ wallet: ADDRESS, cursor: transfers.pagination.nextCursor });
  // A raw amount is an exact bigint, as DAS's are, though the service sends digits (user trial
  // 56, F5): arithmetic without BigInt(), and no string methods.
  const rawTransferred: bigint = transfers.data[0]!.amountRaw + 1n;
  const rawTypes: Same<Wallet.WalletFundingSource["amountRaw"], bigint> = true;
  // @ts-expect-error -- no longer a string
  transfers.data[0]!.amountRaw.padStart(20, "0");
  void [rawTransferred, rawTypes];

  const usage = await admin.getProjectUsage({ id: "project-id" });
  usage.creditsUsed;

  const hook = await webhooks.createWebhook({
    webhookURL: "https://example.com/hook",
    transactionTypes: ["TRANSFER", "NFT_SALE"],
    accountAddresses: [ADDRESS],
  });
  await webhooks.updateWebhook({
    webhookID: hook.webhookID,
    webhookURL: "https://example.com/hook",
    transactionTypes: ["ANY"],
    accountAddresses: [ADDRESS],
  });
  const list = await webhooks.listWebhooks();
  list.length;
  // The address helpers take a webhooks client, the sdk's too, and resolve with the webhook.
  const grown = await addWebhookAddresses(webhooks, {
    webhookID: hook.webhookID,
    addresses: [ADDRESS],
  });
  grown.accountAddresses satisfies string[];
  await removeWebhookAddresses(
    sdk.webhooks,
    { webhookID: hook.webhookID, addresses: [ADDRESS] },
    { signal },
  );
  // editWebhook takes any of the settings, and resolves with the webhook.
  const edited = await editWebhook(sdk.webhooks, {
    webhookID: hook.webhookID,
    webhookURL: "https://hooks.example.com/solana",
    txnStatus: "all",
  });
  edited.webhookURL satisfies string;
  // @ts-expect-error — a read-only field is no setting to edit
  await editWebhook(webhooks, { webhookID: hook.webhookID, active: false });
  // @ts-expect-error — the webhook to change is required
  await editWebhook(webhooks, { txnStatus: "all" });
  // @ts-expect-error — a webhook read and spread back carries its read-only fields (trial 24)
  await editWebhook(webhooks, { ...hook, txnStatus: "all" });
  // A setting given as `undefined` is left as it is (also under exactOptionalPropertyTypes).
  const maybeUrl: string | undefined = Math.random() > 2 ? "https://x.example" : undefined;
  await editWebhook(webhooks, {
    webhookID: hook.webhookID,
    webhookURL: maybeUrl,
    txnStatus: "all",
  });
  // @ts-expect-error — the addresses are a list, not one address
  await addWebhookAddresses(webhooks, { webhookID: hook.webhookID, addresses: ADDRESS });
  // @ts-expect-error — a client without getWebhook / updateWebhook cannot edit webhooks
  await removeWebhookAddresses(das, { webhookID: hook.webhookID, addresses: [ADDRESS] });

  // Open enums: a value the documented list lacks compiles (the service names more types than it
  // lists), the known ones are still literals, and a response value compares with a known literal.
  await webhooks.createWebhook({
    webhookURL: "https://example.com/hook",
    transactionTypes: ["BUY"],
    accountAddresses: [ADDRESS],
  });
  const known: KnownTransactionType = "NFT_SALE";
  const types: TransactionType[] = [known, "SELL", "CREATE_APPARAISAL"];
  list[0]?.transactionTypes?.includes("ANY");
  const core: boolean = asset.interface === "ProgrammableNFT" || asset.interface === "MplCoreAsset";
  const iface: Das.AssetInterface = asset.interface;
  const program: string | undefined = balances.balances[0]?.tokenProgram;
  if (balances.balances[0]?.tokenProgram === "token-2022") void program;
  void types;
  void core;
  void iface;

  // Display flags the public SDKs send.
  await das.getAsset({
    id: ADDRESS,
    options: {
      showRawData: true,
      requireFullIndex: true,
      showSystemMetadata: true,
      showNativeBalance: true,
    },
  });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, options: { showClosedAccounts: true } });
  // Another name for a param, used elsewhere (the spec's x-renamed-from: helius-sdk sends
  // getAssetsByOwner's options as displayOptions) is a deprecated member that takes only
  // `undefined`, whose JSDoc names `options` in the editor's hover: refused by the compiler as by
  // the check, and declared (the indexed access fails to compile without the member).
  // @ts-expect-error — displayOptions is helius-sdk's name for getAssetsByOwner's options
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, displayOptions: { showFungible: true } });
  const renamed: [
    Das.GetAssetParams["displayOptions"],
    Das.GetAssetsByOwnerParams["displayOptions"],
  ] = [undefined, undefined];
  void renamed;
  // (Given as undefined it is not sent, as any undefined member: no error, also under
  // exactOptionalPropertyTypes, which tsconfig.strict.json checks this file with.)
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, displayOptions: undefined });
  await das.getAssetsByAuthority({
    authorityAddress: ADDRESS,
    options: { showRawData: true, showFungible: true, showZeroBalance: true },
  });
  await webhooks.deleteWebhook({ webhookID: hook.webhookID }, { retryNonIdempotent: true });
  await das.getAsset(
    { id: ADDRESS },
    {
      onResponse: ({ status, headers, requestId }) =>
        void [status, headers["x-request-id"], requestId],
    },
  );
  const seen: ResponseFields[] = [];
  await wallet.getBalances({ wallet: ADDRESS }, { onResponse: (r) => void seen.push(r) });
  // @ts-expect-error — onResponse is a callback, not a flag
  await das.getAsset({ id: ADDRESS }, { onResponse: true });
  // A call's onAttempt and the client's get the same record, its operation included; an async one
  // is accepted (what it rejects with is ignored).
  await das.getAsset(
    { id: ADDRESS },
    {
      onAttempt: ({ operation, attempt, willRetry }) => void [operation.length, attempt, willRetry],
    },
  );
  createDasClient({
    onAttempt: ({ operation, durationMs }) => void [operation.length, durationMs],
  });
  createWalletClient({ onAttempt: async (record) => void (await Promise.resolve(record.status)) });
  // The record's reason is the error's, a closed union: spent credits are told without a cast
  // (user trial 63, F1); retryAfter is seconds, as on the error.
  createDasClient({
    onAttempt: ({ reason, retryAfter }) => {
      if (reason === "credits-exhausted") void retryAfter?.toFixed();
      // @ts-expect-error — no such reason: the union names each one
      if (reason === "credits-exausted") void 0;
    },
  });
  // A batch request's size, a stable metric tag where `operation` names each mix (user trial 63, F2).
  createDasClient({
    onAttempt: ({ batchSize, operation }) => {
      const tag: string = batchSize ? "batch" : operation;
      // @ts-expect-error — undefined for a request of one call
      const size: number = batchSize;
      void [tag, size];
    },
  });
  createChainDataClient({
    onAttempt: (record) => void record.operation.length,
    areas: { das: { onAttempt: () => {} }, sender: { onAttempt: undefined } },
  });
  // @ts-expect-error — the hook gets a record, not the operation's name
  createDasClient({ onAttempt: (operation: string) => void operation.length });
  // @ts-expect-error — a callback, not a flag
  createSenderClient({ onAttempt: true });
  // @ts-expect-error — an area's hook is typed as its factory's
  createChainDataClient({ areas: { wallet: { onAttempt: (status: number) => void status } } });

  const fromSdk: Das.Asset = await sdk.das.getAsset({ id: ADDRESS });
  const item: Wallet.WalletBalanceItem | undefined = (
    await sdk.wallet.getBalances({ wallet: ADDRESS })
  ).balances[0];
  void fromSdk;
  void item;
  await sdk.tokenMetadata.getTokenMetadata({ mintAccounts: [ADDRESS] });

  createWebhookHandler({
    authHeader: "secret",
    onEvent: (event) => {
      const s: string = event.signature;
    },
  });
  createWebhookHandler({
    authHeader: "secret",
    kind: "raw",
    onEvent: (event) => {
      event.transaction.signatures;
    },
    // The failed event is typed as the events are.
    onError: (error, event) => console.error(error, event.transaction.signatures[0]),
    // A refusal's status is one of the statuses the handler refuses with.
    onRefused: ({ status, reason }) => {
      const refused: 400 | 401 | 408 | 413 | 415 | 500 = status;
      console.warn(refused, reason);
    },
  });
  createWebhookHandler<"enhanced">({
    authHeader: "secret",
    onEvent: (event) => {
      const s: string = event.signature;
    },
  });
  // A handler of raw events, its parameter annotated, with its kind.
  createWebhookHandler({
    authHeader: "secret",
    kind: "raw",
    onEvent(event: RawTransactionEvent) {
      event.transaction.signatures;
    },
  });
  createWebhookHandler({
    authHeader: "secret",
    onEvent: () => {},
    // @ts-expect-error — a refusal has no event
    onRefused: (refusal) => refusal.signature,
  });
  // onEvent's parameter annotated with what it reads of an enhanced event, or with either kind's
  // event: enhanced events fit it, so no kind is needed.
  createWebhookHandler({ authHeader: "secret", onEvent: (event: { signature: string }) => {} });
  createWebhookHandler({
    authHeader: "secret",
    onEvent(event: EnhancedTransactionEvent | RawTransactionEvent) {},
  });
  // Options written first, typed by their kind: the call infers the kind and the events from them.
  const rawOptions: WebhookHandlerOptions<"raw"> = {
    authHeader: "secret",
    kind: "raw",
    onEvent: (event) => void event.transaction.signatures,
  };
  createWebhookHandler(rawOptions);
  // Without a kind, the options of an enhanced webhook's handler (`kind` left out).
  const enhancedOptions: WebhookHandlerOptions = {
    authHeader: "secret",
    onEvent: (event) => void event.type,
  };
  createWebhookHandler(enhancedOptions);
  // @ts-expect-error — those options leave `kind` out: a raw webhook's are WebhookHandlerOptions<"raw">
  const rawWithoutItsKind: WebhookHandlerOptions = { authHeader: "s", kind: "raw", onEvent() {} };
  // A kind that is only known at run time types the events as either kind's.
  const someKind = "raw" as DeliveryKind;
  createWebhookHandler({
    authHeader: "secret",
    kind: someKind,
    onEvent: (event) => {
      const either: EnhancedTransactionEvent | RawTransactionEvent = event;
      // @ts-expect-error — not only an enhanced event
      const enhanced: EnhancedTransactionEvent = event;
    },
  });
  void supply;
  void lamports;
  void signature;
}

/**
 * Arrays a caller sends may be readonly (`as const`, `readonly string[]`): the SDK never changes
 * its params. Results keep mutable arrays.
 */
export async function readonlyInputs(addresses: readonly string[]): Promise<void> {
  const ids = [ADDRESS] as const;
  const assets = await das.getAssetBatch({ ids });
  await das.getAssetBatch({ ids: addresses });
  await das.request("getAssetBatch", { ids: addresses });
  await sdk.das.getAssetBatch({ ids, options: { showFungible: true } });
  assets.push(null); // (a result stays a mutable array)
  await compression.getMultipleNewAddressProofsV2([{ address: ADDRESS, tree: ADDRESS }] as const);
  for await (const account of compression.getCompressedAccountsByOwner.all({
    owner: ADDRESS,
    filters: [{ memcmp: { offset: 0, bytes: "3Mc6vR" } }] as const,
  }))
    account.hash;
  await sdk.tokenMetadata.getTokenMetadata({ mintAccounts: ids });
  await wallet.getBatchIdentity({ addresses });
  const hook = await webhooks.createWebhook({
    webhookURL: "https://example.com/hook",
    transactionTypes: ["TRANSFER", "NFT_SALE"] as const,
    accountAddresses: addresses,
  });
  await webhooks.updateWebhook({
    webhookID: hook.webhookID,
    webhookURL: "https://example.com/hook",
    transactionTypes: ["ANY"] as const,
    accountAddresses: ids,
  });
  hook.accountAddresses.push(ADDRESS); // (a result stays mutable)
}

/**
 * Values that may be undefined go where an optional member is, also for callers compiling with
 * `exactOptionalPropertyTypes` (tsconfig.strict.json): the runtime treats an undefined member as
 * absent.
 */
export async function maybeUndefined(
  key: string | undefined,
  page: number | undefined,
  cursor: string | undefined,
  signal: AbortSignal | undefined,
  url: string | undefined,
  headers: Record<string, string> | undefined,
): Promise<void> {
  createDasClient({ apiKey: key, timeout: undefined, baseUrls: { rpc: url }, headers });
  await das.getAsset({ id: ADDRESS }, { headers });
  // (An area's options, and the `areas` themselves, may be undefined too.)
  createChainDataClient({
    areas: { sender: { apiKey: key, timeout: undefined, headers }, admin: undefined },
  });
  createChainDataClient({ areas: undefined });
  // Headers in every form the runtime takes: an object, a `Headers`, pairs.
  createDasClient({ headers: new Headers({ "x-a": "1" }) });
  createDasClient({ headers: [["x-a", "1"]] });
  // `fetch`: the global one, or any function of a URL string and an init (a logging wrapper, a
  // runtime's own fetch with extra members such as Bun's `preconnect`).
  createDasClient({ fetch: globalThis.fetch });
  createDasClient({ fetch: (url: string, init?: RequestInit) => fetch(url, init) });
  createDasClient({ fetch: Object.assign(async () => new Response(), { preconnect() {} }) });
  // @ts-expect-error — a fetch that takes only a Request cannot be called with a URL string
  createDasClient({ fetch: (request: Request) => fetch(request) });
  await das.getAsset({ id: ADDRESS }, { headers: new Headers({ "x-a": "1" }) });
  await das.getAsset({ id: ADDRESS }, { headers: [["x-a", "1"]] });
  // (Typed without the "dom" lib too: test/types/tsconfig.node.json.)
  // @ts-expect-error — a header value is a string
  createDasClient({ headers: { "x-a": 1 } });
  // @ts-expect-error — headers are an object, a Headers or pairs
  await das.getAsset({ id: ADDRESS }, { headers: "x-a: 1" });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page, limit: undefined });
  await das.getAsset(
    { id: ADDRESS, options: { showFungible: undefined } },
    { signal, maxRetries: undefined },
  );
  for await (const item of das.getAssetsByOwner.all(
    { ownerAddress: ADDRESS, page },
    { maxPages: undefined },
  ))
    item.id;
  await wallet.getTransfers({ wallet: ADDRESS, cursor });
  await compression.getLatestCompressionSignatures();
  for await (const item of compression.getLatestCompressionSignatures.all()) item.signature;
  createBatcher({ maxSize: undefined });
  const handle = createWebhookHandler({
    authHeader: "secret",
    kind: undefined,
    maxBodyBytes: undefined,
    onEvent: () => {},
  });
  createServer(toNodeHandler(handle));
  // The mock's options too: a value read from a flag or an environment variable may be undefined.
  void startMock({ port: page, host: url, seed: cursor, specDir: undefined, quiet: undefined });
}

/**
 * The standalone page walks (`paginate<Method>`, one per paginated JSON-RPC method): the params of
 * the method, the options of `.all()` (request options and `maxPages`), and what `.all()` returns.
 */
export async function standalonePageWalks(
  signal: AbortSignal,
  page: number | undefined,
): Promise<void> {
  const rpc = createDasRpc({ apiKey: "k" });
  for await (const item of paginateGetAssetsByOwner(
    rpc,
    { ownerAddress: ADDRESS, limit: 1000, options: { showFungible: true } },
    { maxPages: 3, signal, timeout: 5_000, headers: { "x-a": "1" } },
  )) {
    const id: string = item.id;
  }
  for await (const result of paginateGetAssetsByOwner(rpc, { ownerAddress: ADDRESS, page }).pages())
    result.items;
  for await (const { next } of paginateGetAssetsByOwner(rpc, {
    ownerAddress: ADDRESS,
  }).checkpoints())
    if (next) paginateGetAssetsByOwner(rpc, next);
  for await (const edition of paginateGetNftEditions(
    rpc,
    { mint: ADDRESS },
    { maxPages: undefined },
  ))
    edition.mint;
  // The walk's options have a name, re-exported by every area (as PageIterable is).
  const walk: PageWalkOptions = { maxPages: 2, signal, timeout: 5_000 };
  for await (const asset of das.getAssetsByOwner.all({ ownerAddress: ADDRESS }, walk)) asset.id;
  paginateGetAssetsByOwner(rpc, { ownerAddress: ADDRESS }, walk);
  const sameAsAll: ReturnType<typeof das.getAssetsByOwner.all> = paginateGetAssetsByOwner(rpc, {
    ownerAddress: ADDRESS,
  });
  const zk = createCompressionRpc();
  for await (const account of paginateGetCompressedAccountsByOwner(zk, { owner: ADDRESS }))
    account.hash;
  // (Params without required members may be left out, as in the one-page call.)
  for await (const item of paginateGetLatestCompressionSignatures(zk)) item.signature;
}

/**
 * Error fields that an answer may lack (no `x-request-id` header, no `Retry-After`, no numeric
 * error `code`) are own properties holding `undefined` at runtime: `"requestId" in error` is true
 * then, so with `exactOptionalPropertyTypes` the types must not promise a string once it is.
 */
export function errorFieldsMaybeUndefined(error: unknown): void {
  if (error instanceof APIError && "requestId" in error && "rpcError" in error) {
    // @ts-expect-error — the key is there, the value may be undefined
    error.requestId.length;
    // @ts-expect-error — likewise
    error.rpcError.code;
  }
  if (error instanceof RateLimitError && "retryAfter" in error)
    // @ts-expect-error — no (readable) Retry-After header
    error.retryAfter.toFixed();
  if (
    error instanceof JsonRpcError &&
    "code" in error &&
    "requestId" in error &&
    "rpcError" in error
  ) {
    // @ts-expect-error — the server sent no numeric code
    error.code.toFixed();
    // @ts-expect-error — no x-request-id header
    error.requestId.length;
    // @ts-expect-error — no numeric code, so no error object
    error.rpcError.code;
  }
  if (error instanceof InvalidResponseError && "requestId" in error)
    // @ts-expect-error — no x-request-id header
    error.requestId.length;
}

/**
 * The error classes as a union told apart by `name`: a `switch` narrows to each class (its literal
 * `status` too, where the class fixes one) and is checked for exhaustiveness by a `never` default.
 */
export function errorTable(error: unknown): string {
  if (!(error instanceof dasPackage.ChainDataError)) return "other";
  // (The base class names the operation too: `instanceof` is what most catch blocks write first.)
  error.operation satisfies string | undefined;
  const e = error as AnyChainDataError;
  // The guard narrows as the cast does (trial 24: a cast in every `catch`).
  if (dasPackage.isChainDataError(error) && error.name === "RateLimitError")
    error.retryAfter satisfies number | undefined;
  // @ts-expect-error — `instanceof` alone gives the base class, whose `name` is any string
  if (error.name === "RateLimitError") error.retryAfter;
  switch (e.name) {
    case "RateLimitError":
      return `429: ${e.retryAfter satisfies number | undefined} ${e.status satisfies 429}`;
    case "NotFoundError":
      return `${e.status satisfies 404}`;
    case "BadRequestError":
      return `${e.status satisfies 400}`;
    case "AuthenticationError":
      return `${e.status satisfies 401}`;
    case "PermissionDeniedError":
      return `${e.status satisfies 403}`;
    case "UnprocessableEntityError":
      return `${e.status satisfies 422}`;
    case "InternalServerError":
      return `${e.status satisfies number}`;
    case "APIError":
      // @ts-expect-error — a plain APIError is any other status, not 429
      e.status satisfies 429;
      return `${e.status}`;
    case "JsonRpcError":
      return `${e.code} ${e.rpcMessage}`;
    case "ConnectionError":
    case "TimeoutError":
    case "AbortError":
      return e.operation;
    case "InvalidResponseError":
      return e.reason;
    case "ValidationError":
      return String(e.issues.length);
    case "ConfigurationError":
      return e.message;
    default: {
      const unhandled: never = e;
      return unhandled;
    }
  }
}
export function errorTableIncomplete(e: dasPackage.AnyChainDataError): string {
  switch (e.name) {
    // @ts-expect-error — no call throws the base class itself: no member of the union is named so
    case "ChainDataError":
      return "base";
    case "RateLimitError":
      // @ts-expect-error — narrowed: a rate-limit error's `reason` is "credits-exhausted" or undefined
      return e.reason;
    case "ConfigurationError":
      return e.message;
    default: {
      // @ts-expect-error — the other classes are not handled
      const unhandled: never = e;
      return unhandled;
    }
  }
}
// @ts-expect-error — each class's name is its own literal
const wrongName: RateLimitError["name"] = "APIError";
// @ts-expect-error — and a class's fixed status
const wrongStatus: dasPackage.NotFoundError["status"] = 410;
void [wrongName, wrongStatus];

/** isRetryable narrows: to the retryable classes, and in its false branch to the others. */
export function retryable(error: unknown, known: AnyChainDataError): void {
  if (isRetryable(error)) {
    const status: number | undefined = "status" in error ? error.status : undefined;
    if (error.name === "RateLimitError") error.retryAfter satisfies number | undefined;
    // A plain APIError is retried for a 408 alone (every other status has a class of its own).
    if (error.name === "APIError") error.status satisfies 408;
    // @ts-expect-error — no JSON-RPC error is retryable
    error.name === "JsonRpcError";
    void status;
  }
  if (!isRetryable(known)) {
    // (A plain APIError of another status than 408 is not retried.)
    if (known.name === "APIError") known.status satisfies number;
    // A rate-limit error is here only as the one of spent credits (`reason`).
    if (known.name === "RateLimitError") known.reason satisfies "credits-exhausted" | undefined;
    // @ts-expect-error — a 5xx is retryable: not in the false branch
    known.name === "InternalServerError";
  }
}

/** A test's fake errors: the constructors take the error classes' fields, typed. */
export function fakeErrors(): void {
  const fields = { headers: {}, body: undefined, operation: "getAsset" };
  new RateLimitError("slow down", { ...fields, status: 429, retryAfter: 2 });
  new dasPackage.APIError("conflict", { ...fields, status: 409, requestId: undefined });
  new dasPackage.ValidationError("params.id: is required", {
    issues: [
      {
        path: "params.id",
        rule: "required",
        message: "params.id: is required",
        detail: "is required",
      },
    ],
    operation: "getAsset",
  });
  new dasPackage.ConfigurationError("timeout: must be a number");
  new dasPackage.TimeoutError("timed out", { operation: "getAsset" });
  new InvalidResponseError("empty", {
    ...fields,
    status: 200,
    reason: "empty",
    snippet: "",
  });
  new JsonRpcError("JSON-RPC error -32602 from getAsset: bad", {
    ...fields,
    status: 200,
    method: "getAsset",
    id: "1",
    code: -32602,
    rpcMessage: "bad",
  });
  // @ts-expect-error — a status is a number
  new RateLimitError("x", { ...fields, status: "429" });
  // @ts-expect-error — no such field
  new RateLimitError("x", { ...fields, status: 429, bogus: 1 });
  // @ts-expect-error — an invalid response has a reason of the list
  new InvalidResponseError("x", { ...fields, status: 200, reason: "odd", snippet: "" });
}

/** A validation issue's rule is one of the rules the checks report; a connection error's cause is typed as documented. */
export function issueRulesAndCauses(error: unknown): string | undefined {
  if (error instanceof dasPackage.ValidationError)
    for (const issue of error.issues)
      switch (issue.rule) {
        case "required":
        case "additionalProperties":
          return issue.path;
        // @ts-expect-error — no check reports this rule
        case "minimumItems":
          return issue.message;
      }
  if (error instanceof dasPackage.ConnectionError) {
    // Node's errno: on the cause of the fetch error's copy.
    const errno: string | undefined = error.cause.cause?.code;
    const name: string = error.cause.name;
    // @ts-expect-error — a code is text
    const numeric: number | undefined = error.cause.cause?.code;
    return errno ?? name ?? numeric;
  }
  return undefined;
}

/** core's paginate: its params are the caller's, unknown to it (no `any`). */
export function ownPageWalk(): void {
  const descriptor = { style: "page", items: "items" } as const;
  paginate<number, { items: number[] }>(
    async (params) => {
      // @ts-expect-error — an untyped fetchPage reads the params as unknown, not any
      params.page;
      return { items: [] };
    },
    descriptor,
    { owner: ADDRESS },
  );
  // A fetchPage typed for the params it reads is taken.
  paginate<number, { items: number[] }>(
    async (params: { page: number }) => ({ items: [params.page] }),
    descriptor,
    { owner: ADDRESS },
  );
  // So it is without type arguments: the first params need not have the fetcher's type (the walk
  // adds the page), nor it theirs.
  paginate(async (params: { page: number }) => ({ items: [params.page] }), descriptor, {
    owner: ADDRESS,
  });
}

/**
 * A method the package does not cover walked with a paged operation's exported descriptor (user
 * trial 57, F7): `getAssetsByOwnerPagination` is what `paginate` takes, and readonly.
 */
export function ownPageWalkWithExportedDescriptor(): void {
  type GroupParams = { groupKey: "collection"; groupValue: string; page?: number; limit?: number };
  const getAssetsByGroup: RpcMethodDescriptor<never, GroupParams, AssetList> = {
    id: "getAssetsByGroup",
    idempotent: true,
    u64: getAssetsByOwnerU64Shape,
  };
  const rpc = createDasRpc();
  const assets: AsyncIterable<Asset> = dasPaginate<Asset, AssetList, GroupParams>(
    (params, answered) => rpc.call(getAssetsByGroup, params, { onResponse: answered }),
    getAssetsByOwnerPagination,
    { groupKey: "collection", groupValue: ADDRESS, limit: 1000 },
    { operation: "getAssetsByGroup" },
  );
  // A field changed in a copy of one's own, which is a descriptor still.
  const editions: PaginationDescriptor = { ...getAssetsByOwnerPagination, items: "editions" };
  // @ts-expect-error — the export is readonly: a change would reach every walk that imports it
  getAssetsByOwnerPagination.items = "editions";
  // @ts-expect-error — and so is its keyset
  getAssetsByOwnerPagination.keyset?.push("page");
  void [assets, editions];
}

/**
 * A fetchPage left untyped reads its params as the first params' type (`P`, given or inferred from
 * them): it passes them to a call typed for them without an annotation (TS2345 while its params
 * were `unknown`).
 */
export function ownPageWalkTypedByItsParams(): void {
  type GroupParams = { groupKey: "collection"; groupValue: string; page?: number; limit?: number };
  const getAssetsByGroup: Das.RpcMethodDescriptor<never, GroupParams, Das.AssetList> = {
    id: "getAssetsByGroup",
    idempotent: true,
  };
  const rpc = createDasRpc();
  const descriptor = { style: "page", items: "items", skipped: "errors" } as const;
  const start: GroupParams = { groupKey: "collection", groupValue: ADDRESS, limit: 1000 };
  // P given: the fetcher's params are GroupParams.
  const walk: dasPackage.PageIterable<Das.Asset, Das.AssetList, GroupParams> = paginate<
    Das.Asset,
    Das.AssetList,
    GroupParams
  >(
    (params, answered) => rpc.call(getAssetsByGroup, params, { onResponse: answered }),
    descriptor,
    start,
  );
  // P inferred from the first params: so are the fetcher's, and the checkpoints' `next`.
  const inferred = paginate(
    (params, answered) => {
      const value: string = params.groupValue;
      return rpc.call(getAssetsByGroup, { ...params, groupValue: value }, { onResponse: answered });
    },
    descriptor,
    start,
  );
  void (async () => {
    for await (const { next } of inferred.checkpoints()) if (next) next.groupValue.toUpperCase();
  })();
  paginate<Das.Asset, Das.AssetList, GroupParams>(
    // @ts-expect-error — the fetcher's params are GroupParams, which have no `owner`
    async (params) => rpc.call(getAssetsByGroup, { ...params, groupKey: params.owner }),
    descriptor,
    start,
  );
  paginate<Das.Asset, Das.AssetList, GroupParams>(
    (params, answered) => rpc.call(getAssetsByGroup, params, { onResponse: answered }),
    descriptor,
    // @ts-expect-error — the first params are GroupParams: `groupValue` is required
    { groupKey: "collection" },
  );
  // A fetcher written apart from the call, by the type every package re-exports.
  const fetchGroupPage: dasPackage.PageFetcher<Das.AssetList, GroupParams> = (params, answered) =>
    rpc.call(getAssetsByGroup, params, { onResponse: answered });
  paginate<Das.Asset, Das.AssetList, GroupParams>(fetchGroupPage, descriptor, start);
  void walk;
}

export async function invalidPageWalks(): Promise<void> {
  const rpc = createDasRpc();
  // @ts-expect-error — `ownerAddress` is required
  paginateGetAssetsByOwner(rpc, {});
  // @ts-expect-error — `limit` is a number
  paginateGetAssetsByOwner(rpc, { ownerAddress: ADDRESS, limit: "10" });
  // @ts-expect-error — `maxPages` is a number
  paginateGetAssetsByOwner(rpc, { ownerAddress: ADDRESS }, { maxPages: "3" });
  // @ts-expect-error — not an option of .all()
  paginateGetAssetsByOwner(rpc, { ownerAddress: ADDRESS }, { pageSize: 3 });
  // @ts-expect-error — the params are required (getAssetsByOwner's are)
  paginateGetAssetsByOwner(rpc);
  // @ts-expect-error — the first argument is the endpoint of createDasRpc, not a client
  paginateGetAssetsByOwner(das, { ownerAddress: ADDRESS });
  // @ts-expect-error — another method's params: getNftEditions takes `mint`
  paginateGetNftEditions(rpc, { ownerAddress: ADDRESS });
  // @ts-expect-error — getAsset is not paginated: there is no paginateGetAsset
  dasPackage.paginateGetAsset;
  // @ts-expect-error — getAssetBatch is not paginated either
  dasPackage.paginateGetAssetBatch;
  for await (const asset of paginateGetAssetsByOwner(rpc, { ownerAddress: ADDRESS }))
    // @ts-expect-error — the items are assets, typed: an asset has no `signature`
    asset.signature;
}

/**
 * The low-level `call`: its options are the request options plus the method's query options; its
 * params and result are the descriptor's types (user trial 24: a result type given by the caller,
 * `call<R>` or the type of what it is assigned to, was an unchecked cast).
 */
export async function lowLevelCalls(): Promise<void> {
  const rpc = createDasRpc();
  const getSlot: Das.RpcMethodDescriptor<never, [], bigint> = { id: "getSlot", idempotent: true };
  const slot: bigint = await rpc.call(getSlot, [], { timeout: 5_000, maxRetries: 0 });
  // @ts-expect-error — the result is the descriptor's (a bigint), not what the caller assigns it to
  const root: { root: string } = await rpc.call(getSlot, []);
  // @ts-expect-error — the params are the descriptor's: getSlot takes none
  await rpc.call(getSlot, [{ commitment: "finalized" }]);
  // @ts-expect-error — nor any other params type
  await rpc.call(getSlot, { id: ADDRESS });
  // A descriptor that states no types takes any params and resolves with `unknown`, never with
  // the type of what the result is assigned to.
  const untyped = { id: "getSlot", idempotent: true };
  const anything: unknown = await rpc.call(untyped, { any: "params" });
  // @ts-expect-error — `unknown`: the caller narrows it, no cast in disguise
  const guessed: { root: string } = await rpc.call(untyped, []);
  // @ts-expect-error — nor through a type argument
  const named: bigint = await rpc.call<bigint>(untyped, []);
  // A descriptor typed as the generated ones are (getAsset's: `RpcMethodDescriptor<never,
  // GetAssetParams, GetAssetResult>`, test/generate/spec-edit.test.ts), so generated calls are
  // checked against their types too.
  type GetAssetDescriptor = Das.RpcMethodDescriptor<never, Das.GetAssetParams, Das.GetAssetResult>;
  const getAssetDescriptor: GetAssetDescriptor = { id: "getAsset", idempotent: true };
  const asset: Asset = await rpc.call(getAssetDescriptor, { id: ADDRESS });
  // @ts-expect-error — getAsset takes an id, not ids
  await rpc.call(getAssetDescriptor, { ids: [ADDRESS] });
  // @ts-expect-error — and resolves with an Asset, not a list
  const list: Das.AssetList = await rpc.call(getAssetDescriptor, { id: ADDRESS });
  void [root, anything, guessed, named, asset, list];
  const send = {
    id: "sendTransaction",
    idempotent: true,
    encode: rpcEncoding(["transaction"], { swqosOnly: "swqos_only" }),
  };
  await createSenderRpc().call(send, { transaction: "AQID" }, { swqosOnly: true, timeout: 1 });
  // @ts-expect-error — a misspelt request option (`timeout`) is refused, as at run time
  await rpc.call(getSlot, [], { timout: 5_000 });
  // @ts-expect-error — a query option of another method is not an option of this one
  await rpc.call(getSlot, [], { swqosOnly: true });
  // @ts-expect-error — the options are an object
  await rpc.call(getSlot, [], "fast");
  // @ts-expect-error — the options are an object, for a method with query options too
  await createSenderRpc().call(send, { transaction: "AQID" }, "fast");
  void slot;
}

/**
 * A REST handle's low-level `call` and `check` (`createWalletRest().call`, which the standalone
 * functions make), as the JSON-RPC `call`: the params and result are the descriptor's types, each
 * generated descriptor typed with its operation's `<Operation>Input` and `<Operation>Result`
 * (`call<R>` resolved with whatever the caller named or assigned it to, an unchecked cast).
 */
export async function restLowLevelCalls(
  getIdentityDescriptor: typeof walletOperations.getIdentity,
  listWebhooksDescriptor: typeof webhooksOperations.listWebhooks,
): Promise<void> {
  const rest = createWalletRest();
  const send = (_client: unknown, fetch: (request: Request) => Promise<Response>) =>
    fetch(new Request("http://127.0.0.1:1"));
  const params = { wallet: "toly.sol" };
  const identity: GetIdentityResult = await rest.call(getIdentityDescriptor, params, {}, send);
  // @ts-expect-error — the result is the descriptor's (a GetIdentityResult), not what it is assigned to
  const wrong: { wrong: string } = await rest.call(getIdentityDescriptor, params, undefined, send);
  // @ts-expect-error — the params are the descriptor's: getIdentity takes a wallet, not addresses
  await rest.call(getIdentityDescriptor, { addresses: [ADDRESS] }, undefined, send);
  // @ts-expect-error — nor a result type named by the caller
  await rest.call<{ wrong: string }>(getIdentityDescriptor, params, undefined, send);
  rest.check(getIdentityDescriptor, params, { timeout: 1 });
  // @ts-expect-error — `check` takes the descriptor's params too
  rest.check(getIdentityDescriptor, { wallet: 1 });
  // An operation without params (listWebhooks) takes `{}`, and only that.
  const hooks = createWebhooksRest();
  const list: WebhooksResult<"listWebhooks"> = await hooks.call(
    listWebhooksDescriptor,
    {},
    {},
    send,
  );
  // @ts-expect-error — listWebhooks has no params
  await hooks.call(listWebhooksDescriptor, { webhookID: "w" }, undefined, send);
  // A descriptor typed by hand, through the sdk namespace's alias, as the generated ones are.
  const byHand: Wallet.OperationDescriptor<GetIdentityInput, GetIdentityResult> = {
    id: "getIdentity",
    idempotent: true,
  };
  const again: GetIdentityResult = await rest.call(byHand, { wallet: ADDRESS }, undefined, send);
  // @ts-expect-error — `wallet` is required
  await rest.call(byHand, {}, undefined, send);
  // A descriptor that states no types takes any params and resolves with `unknown`, never with
  // the type of what the result is assigned to.
  const untyped = { id: "getIdentity", idempotent: true };
  const anything: unknown = await rest.call(untyped, { any: "params" }, undefined, send);
  rest.check(untyped, { any: "params" });
  // @ts-expect-error — `unknown`: the caller narrows it, no cast in disguise
  const guessed: GetIdentityResult = await rest.call(untyped, params, undefined, send);
  // @ts-expect-error — nor through a type argument
  const named: GetIdentityResult = await rest.call<GetIdentityResult>(untyped, params, {}, send);
  // core's transport, which the handles call, types its `restCall` (and `check`) the same way.
  const transport = createRestTransport(undefined, walletHost);
  const viaTransport: GetIdentityResult = await transport.restCall(
    getIdentityDescriptor,
    params,
    undefined,
    (fetch) => fetch(new Request("http://127.0.0.1:1")),
  );
  // @ts-expect-error — the transport's result is the descriptor's too
  const wrongViaTransport: { wrong: string } = await transport.restCall(
    getIdentityDescriptor,
    params,
    undefined,
    (fetch) => fetch(new Request("http://127.0.0.1:1")),
  );
  // @ts-expect-error — and so are its params
  transport.check(getIdentityDescriptor, { addresses: [ADDRESS] });
  void [identity, wrong, list, again, anything, guessed, named, viaTransport, wrongViaTransport];
}

export async function invalid(): Promise<void> {
  // @ts-expect-error — `id` is required
  await das.getAsset({});
  // @ts-expect-error — unknown display option
  await das.getAsset({ id: ADDRESS, options: { showEverything: true } });
  // @ts-expect-error — `limit` is a number
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, limit: "10" });
  // @ts-expect-error — nor a bigint: no generated param is u64, and an integer one is a number
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, limit: 10n });
  // @ts-expect-error — the method name picks the params: getAsset takes `id`, not `ids`
  await das.request("getAsset", { ids: [ADDRESS] });
  const either = Math.random() < 0.5 ? ("getAsset" as const) : ("getNftEditions" as const);
  // @ts-expect-error — a union of method names: the params could not be checked against the method actually called
  await das.request(either, { id: ADDRESS });
  // @ts-expect-error — not a method of the das area
  await das.request("getBalances", {});
  // @ts-expect-error — getAsset's params are required (its `id`), by name as directly
  await das.request("getAsset");
  // @ts-expect-error — a DAS method is not served at the sender's endpoint (POST /fast)
  await getAsset(createSenderRpc(), { id: ADDRESS });
  // @ts-expect-error — u64 values are bigint, not number
  const n: number = (await compression.getCompressedBalanceByOwner({ owner: ADDRESS })).value;
  // @ts-expect-error — the params of getMultipleNewAddressProofsV2 are an array
  await compression.getMultipleNewAddressProofsV2({ address: ADDRESS, tree: ADDRESS });
  // @ts-expect-error — ping takes no params, only call options
  await sender.ping({ transaction: "AQID" });
  // @ts-expect-error — the standalone ping needs the sender's endpoint (it remembers its options)
  await ping(createDasClient());
  // @ts-expect-error — ping is not a JSON-RPC method: `request` does not reach it
  await sender.request("ping", {});
  // @ts-expect-error — encoding is base58 or base64
  await sender.sendTransaction({ transaction: "AQID", config: { encoding: "hex" } });
  // @ts-expect-error — `wallet` is required
  await wallet.getBalances({ page: 1 });
  // @ts-expect-error — a misspelt param of a REST input (`page`)
  await wallet.getBalances({ wallet: ADDRESS, pag: 2 });
  // @ts-expect-error — a misspelt param of a `.all()` walk (`cursor`)
  wallet.getTransfers.all({ wallet: ADDRESS, curser: "c" });
  // @ts-expect-error — not a value of the tokenAccounts enum
  await wallet.getHistory({ wallet: ADDRESS, tokenAccounts: "some" });
  // @ts-expect-error — not a sort field
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, sortBy: { sortBy: "newest" } });
  // Rules between params (the spec's `x-dependent-schemas`), refused by the compiler as by the
  // check before sending: `page` excludes `before`, `after` and `cursor`, which sort by `id` only.
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page: 2, limit: 10 });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, cursor: "c", sortBy: { sortBy: "id" } });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, before: "a", after: "b" });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page: 1, cursor: undefined });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page: undefined, cursor: "c" });
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, sortBy: { sortBy: "created" }, page: 1 });
  {
    // A wrapper with both kinds of paging as optional arguments gives the one it has.
    const list = (cursor?: string, page?: number) =>
      das.getAssetsByOwner({ ownerAddress: ADDRESS, ...(cursor ? { cursor } : { page }) });
    void list;
  }
  // @ts-expect-error — `page` excludes `before`
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page: 1, before: "a" });
  // @ts-expect-error — `page` excludes `after`
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page: 1, after: "a" });
  // @ts-expect-error — `page` excludes `cursor`
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, page: 1, cursor: "c" });
  // @ts-expect-error — `before` sorts by id only
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, before: "a", sortBy: { sortBy: "created" } });
  // @ts-expect-error — `after` sorts by id only
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, after: "a", sortBy: { sortBy: "updated" } });
  // @ts-expect-error — `cursor` sorts by id only
  await das.getAssetsByOwner({ ownerAddress: ADDRESS, cursor: "c", sortBy: { sortBy: "none" } });
  // @ts-expect-error — getAssetsByAuthority has the same rules
  await das.getAssetsByAuthority({ authorityAddress: ADDRESS, page: 1, cursor: "c" });
  // @ts-expect-error — getAssetsByAuthority: keyset paging sorts by id only
  await das.getAssetsByAuthority({
    authorityAddress: ADDRESS,
    cursor: "c",
    sortBy: { sortBy: "recent_action" },
  });
  // @ts-expect-error — the page walk takes the same params
  das.getAssetsByOwner.all({ ownerAddress: ADDRESS, page: 1, cursor: "c" });
  // @ts-expect-error — the standalone page walk too
  paginateGetAssetsByOwner(createDasRpc(), { ownerAddress: ADDRESS, page: 1, after: "a" });
  // @ts-expect-error — and `request` by name
  await das.request("getAssetsByOwner", { ownerAddress: ADDRESS, page: 1, before: "a" });
  // @ts-expect-error — and the sdk's client
  await sdk.das.getAssetsByOwner({ ownerAddress: ADDRESS, page: 1, cursor: "c" });
  {
    // @ts-expect-error — a params object typed by the sdk's namespace
    const both: Das.GetAssetsByOwnerParams = { ownerAddress: ADDRESS, page: 1, cursor: "c" };
    const members: Das.GetAssetsByOwnerParamsBase = { ownerAddress: ADDRESS, page: 1, cursor: "c" };
    void [both, members];
  }
  await webhooks.updateWebhook({
    webhookID: "642574b0-72aa-41dd-b293-356451e22168",
    webhookURL: "https://example.com/hook",
    transactionTypes: ["ANY"],
    accountAddresses: [ADDRESS],
    // @ts-expect-error — a misspelt body field of an input that also has a path parameter
    webhookTyp: "raw",
  });
  await webhooks.createWebhook({
    webhookURL: "https://example.com/hook",
    transactionTypes: ["ANY"],
    accountAddresses: [ADDRESS],
    // @ts-expect-error — not a webhook type
    webhookType: "enhancd",
  });
  await webhooks.createWebhook({
    webhookURL: "https://example.com/hook",
    // @ts-expect-error — a transaction type is a string
    transactionTypes: [42],
    accountAddresses: [ADDRESS],
  });
  // @ts-expect-error — the known transaction types stay a closed union (BUY is not in the documented list)
  const notKnown: KnownTransactionType = "BUY";
  // @ts-expect-error — an asset interface is a string
  const notInterface: Das.AssetInterface = 1;
  // @ts-expect-error — listWebhooks takes no input
  await webhooks.listWebhooks({ page: 1 });
  // @ts-expect-error — unknown environment
  createDasClient({ environment: "staging" });
  // @ts-expect-error — events typed as raw need `kind: "raw"`, or they would be parsed as enhanced
  createWebhookHandler<"raw">({ authHeader: "secret", onEvent: () => {} });
  // @ts-expect-error — a kind other than the explicit type argument's
  createWebhookHandler<"raw">({ authHeader: "secret", kind: "enhanced", onEvent: () => {} });
  // @ts-expect-error — a kind other than the explicit type argument's
  createWebhookHandler<"enhanced">({ authHeader: "secret", kind: "raw", onEvent: () => {} });
  // @ts-expect-error — a handler of raw events needs `kind: "raw"` (the error names `kind`)
  createWebhookHandler({ authHeader: "secret", onEvent(event: RawTransactionEvent) {} });
  // @ts-expect-error — so does one whose onError takes raw events
  createWebhookHandler({
    authHeader: "secret",
    onEvent: () => {},
    onError: (error, event: RawTransactionEvent) => {},
  });
  createWebhookHandler({
    authHeader: "secret",
    kind: "raw",
    // @ts-expect-error — a raw webhook's events are no enhanced events
    onEvent(event: EnhancedTransactionEvent) {},
  });
  // @ts-expect-error — a REST client takes no batcher (JSON-RPC only)
  createWalletClient({ batch: createBatcher() });
  {
    // Options shared by clients of several areas: typed `ClientOptions`, they may hold a batcher,
    // which a REST or sender client refuses at creation (a ConfigurationError), so the compiler
    // refuses them there; typed as such a client's options, every client takes them.
    const shared: dasPackage.ClientOptions = { apiKey: "k", timeout: 5_000 };
    createDasClient(shared);
    // @ts-expect-error — ClientOptions may hold a batcher: the wallet client refuses it
    createWalletClient(shared);
    // @ts-expect-error — so does the admin client
    createAdminRest(shared);
    // @ts-expect-error — the webhooks client
    createWebhooksClient(shared);
    // @ts-expect-error — and the sender's, whose endpoint documents no JSON-RPC batches
    createSenderRpc(shared);
    // @ts-expect-error — an sdk area's own options: the wallet's are a REST client's
    createChainDataClient({ areas: { wallet: shared } });
    const restShared: Parameters<typeof createWalletClient>[0] = { apiKey: "k", batch: false };
    createWalletClient(restShared);
    createWebhooksClient(restShared);
    createDasClient(restShared);
    createChainDataClient({ areas: { wallet: restShared, das: shared } });
    // The sdk's shared options take a batcher: its JSON-RPC areas batch, the others never get it.
    createChainDataClient({ batch: createBatcher(), areas: { wallet: restShared } });
    // What ClientOptions' doc names for options shared by several clients (user trial 70, F8):
    // `RestClientOptions`, or the sender package's `SenderClientOptions`, fit every area's factory;
    // without `rateLimit` (an area's own in the sdk), createChainDataClient's too.
    const everyArea: RestClientOptions = {
      apiKey: "k",
      rateLimit: createRateLimiter(adminRateLimit),
    };
    const senderShared: SenderClientOptions = everyArea;
    for (const options of [everyArea, senderShared]) {
      createDasClient(options);
      createCompressionClient(options);
      createMintRpc(options);
      createSenderClient(options);
      createWalletClient(options);
      createAdminClient(options);
      createWebhooksClient(options);
    }
    // @ts-expect-error — RestClientOptions may hold a limiter: createChainDataClient's are per area
    createChainDataClient(everyArea);
    const { rateLimit: _perArea, ...everyFactory } = everyArea;
    const sdkToo: Omit<RestClientOptions, "rateLimit"> = everyFactory;
    createChainDataClient(sdkToo);
    createChainDataClient({ ...sdkToo, areas: { admin: everyArea, das: everyArea } });
    createWebhooksClient(sdkToo);
    createSenderClient(sdkToo);
    createDasClient(sdkToo);
  }
  // @ts-expect-error — authHeader is required
  createWebhookHandler({ onEvent: () => {} });
  void n;
  void notKnown;
  void notInterface;
}

// The sender's constants: tip accounts and region URLs are readonly literals, the minimum tips
// readonly bigints (not literals: the values change between releases).
const firstTipAccount: "4ACfpUFoaSD9bfPdeu6DBt89gB6ENTeHBXCAi87NhDEE" = senderTipAccounts[0];
const tipAccountCount: 10 = senderTipAccounts.length;
// @ts-expect-error — readonly: the list cannot be changed
senderTipAccounts.push("86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY");
const fra: "http://fra-sender.helius-rpc.com" = senderRegions.fra;
// @ts-expect-error — readonly
senderRegions.fra = "http://example.com";
const regionName: SenderRegion = "global";
// @ts-expect-error — not a region
const notARegion: SenderRegion = "nyc";
const minimumTip: bigint =
  senderMinimumTipLamports.default + senderMinimumTipLamports.swqosOnly * 2n;
// @ts-expect-error — readonly
senderMinimumTipLamports.default = 1n;
createSenderClient({ baseUrls: { sender: senderRegions[regionName] } });
void [firstTipAccount, tipAccountCount, fra, notARegion, minimumTip];

// The types of the clients' members and of JsonRpcClient.call, named from an area package (not
// only from @chaindata/core, which a strict installer keeps from a user who installed the area):
// a wrapper around a paginated method, around `request`, and a call's options.
{
  type ByOwnerParams = dasPackage.GetAssetsByOwnerParams;
  type ByOwnerResult = dasPackage.GetAssetsByOwnerResult;
  type Item = NonNullable<ByOwnerResult["items"]>[number];
  const byOwner: dasPackage.Paginated<ByOwnerParams, ByOwnerResult, Item> = das.getAssetsByOwner;
  // A wrapper generic over the method passes the options on; a strict consumer's
  // (exactOptionalPropertyTypes) TypeScript reads a spread optional element as possibly undefined.
  /** A wrapper that logs each first page asked for, and walks the pages as the client does. */
  const logged = <P, R, I>(
    name: string,
    method: dasPackage.Paginated<P, R, I>,
  ): dasPackage.Paginated<P, R, I> =>
    Object.assign(
      (...args: Parameters<typeof method>) => (console.log(name, args[0]), method(...args)),
      { all: method.all },
    );
  const loggedByOwner = logged("getAssetsByOwner", byOwner);
  void loggedByOwner({ ownerAddress: ADDRESS, page: 1 });
  void loggedByOwner.all({ ownerAddress: ADDRESS }, { maxPages: 2 });
  // @ts-expect-error — the wrapper keeps the method's params: ownerAddress is required
  void loggedByOwner({ page: 1 });
  const noParams: dasPackage.ParamsArgument<{ limit?: number }> = [];
  const params: dasPackage.ParamsArgument<ByOwnerParams> = [{ ownerAddress: ADDRESS }];
  // @ts-expect-error — required params cannot be left out
  const missing: dasPackage.ParamsArgument<ByOwnerParams> = [];
  void byOwner(...params);
  /** A wrapper of `request`, for one method name at a time, as the client's own. */
  const requested = <M extends keyof dasPackage.DasMethods>(
    method: M & dasPackage.SingleMethod<M>,
    ...args: dasPackage.ParamsArgument<dasPackage.DasMethods[M]["params"]>
  ) => das.request<M>(method, ...args);
  void requested("getAsset", { id: ADDRESS });
  /** The same with the call's options: passed on whole. */
  const requestedWith = <M extends keyof dasPackage.DasMethods>(
    method: M & dasPackage.SingleMethod<M>,
    ...args: [
      ...params: dasPackage.ParamsArgument<dasPackage.DasMethods[M]["params"]>,
      options?: dasPackage.RequestOptions,
    ]
  ) => das.request<M>(method, ...args);
  void requestedWith("getAsset", { id: ADDRESS }, { timeout: 1_000 });
  // @ts-expect-error — getAsset takes an id, not an ownerAddress
  void requested("getAsset", { ownerAddress: ADDRESS });
  /** A typed wrapper over `request` (a cache, metrics), generic over the method name. */
  async function cached<M extends keyof dasPackage.DasMethods>(
    m: M,
    p: dasPackage.DasMethods[M]["params"],
    o?: dasPackage.RequestOptions,
  ): Promise<dasPackage.DasMethods[M]["result"]> {
    return das.request(m, p, o);
  }
  const cachedAsset: Promise<Asset> = cached("getAsset", { id: ADDRESS });
  // @ts-expect-error — the wrapper keeps the method's params: getAsset takes an id
  void cached("getAsset", { ownerAddress: ADDRESS });
  // (The same through the sdk's area, and with a method whose params may be left out.)
  const latest = <M extends keyof Compression.CompressionMethods>(
    m: M,
    p: Compression.CompressionMethods[M]["params"],
  ) => sdk.compression.request(m, p);
  void latest("getLatestCompressionSignatures", {});
  void cachedAsset;
  // (Typed `DasMethods[M]["params"]`, its own callers may pass a union of names and the params of
  // either method: `cached(either, { id })` compiles, and getAssetBatch fails at run time. The
  // method map's names hold them to one method, as `request` holds its callers.)
  /** The same wrapper typed with the method map's names: DasMethod, DasParams, DasResult. */
  async function call<M extends dasPackage.DasMethod>(
    m: M,
    p: dasPackage.DasParams<M>,
    o?: dasPackage.RequestOptions,
  ): Promise<dasPackage.DasResult<M>> {
    return das.request(m, p, o);
  }
  const either = ADDRESS.length > 40 ? "getAsset" : "getAssetBatch";
  const calledAsset: Promise<Asset> = call("getAsset", { id: ADDRESS });
  void call("getAssetBatch", { ids: [ADDRESS] });
  // @ts-expect-error — a union of names: the params could not be checked against the method sent
  void call(either, { id: ADDRESS });
  // @ts-expect-error — not even params that one of the two takes
  void call(either, { ids: [ADDRESS] });
  // @ts-expect-error — the wrapper keeps the method's params: getAsset takes an id
  void call("getAsset", { ids: [ADDRESS] });
  // @ts-expect-error — not a das method
  void call("getAssets", { id: ADDRESS });
  const oneParams: dasPackage.DasParams<"getAsset"> = { id: ADDRESS };
  const sameParams: dasPackage.GetAssetParams = oneParams;
  // @ts-expect-error — the params of a union of names are never
  const unionParams: dasPackage.DasParams<"getAsset" | "getAssetBatch"> = { id: ADDRESS };
  const unionResult: dasPackage.DasResult<"getAsset" | "getAssetBatch"> = await call("getAsset", {
    id: ADDRESS,
  });
  /** Params that may be left out stay optional through the wrapper (the sdk's names). */
  const walked = <M extends Compression.CompressionMethod>(
    m: M,
    ...args: [
      ...params: SdkParamsArgument<Compression.CompressionParams<M>>,
      options?: RequestOptionsOfSdk,
    ]
  ): Promise<Compression.CompressionResult<M>> => sdk.compression.request(m, ...args);
  void walked("getLatestCompressionSignatures");
  void walked("getCompressedAccountsByOwner", { owner: ADDRESS }, { timeout: 1_000 });
  // @ts-expect-error — getCompressedAccountsByOwner's params cannot be left out
  void walked("getCompressedAccountsByOwner");
  const someMethod =
    ADDRESS.length > 40 ? "getLatestCompressionSignatures" : "getCompressedAccountsByOwner";
  // @ts-expect-error — a union of names, with params one of them takes
  void walked(someMethod, { owner: ADDRESS });
  void [calledAsset, sameParams, unionParams, unionResult];
  /** A wrapper of a call, with the options `JsonRpcClient.call` takes. */
  const getAssetSoon = (id: string, options?: dasPackage.CallOptions) =>
    das.getAsset({ id }, { timeout: 1_000, ...options });
  void getAssetSoon(ADDRESS, { maxRetries: 0 });
  const withQuery: dasPackage.CallOptions<"swqosOnly"> = { timeout: 1_000, swqosOnly: true };
  // @ts-expect-error — a call's options are an object
  const notOptions: dasPackage.CallOptions = "fast";
  void [noParams, missing, withQuery, notOptions];
}
// The same names from the other areas: every one pages or could (Paginated, ParamsArgument), a
// JSON-RPC one also has `request` and `call` (SingleMethod, CallOptions).
export type FromTheOtherAreas = [
  WalletPaginated<{ wallet: string }, { items: string[] }, string>,
  WalletParamsArgument<{ wallet: string }>,
  SenderSingleMethod<"ping">,
  SenderCallOptions<"swqosOnly">,
  SdkPaginated<object, object, never>,
  SdkCallOptions,
];

// The memory store takes one options object, as every factory of the SDK.
createMemorySignatureStore({ maxEntries: 40_000, ttlMs: 60_000 });
createMemorySignatureStore({ ttlMs: Infinity });
createMemorySignatureStore();
// @ts-expect-error — the size goes in the options object: { maxEntries: 40_000 }
createMemorySignatureStore(40_000);
// @ts-expect-error — a misspelt option
createMemorySignatureStore({ ttl: 60_000 });

/** True when `A` and `B` are the same type (not merely assignable either way). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/**
 * Whether a REST area's operation map has the client's methods, and each one's params and result:
 * `true`, or what differs. (An operation without params maps to an empty object; its method takes
 * the options alone.)
 */
type MapOfClient<M extends Record<keyof C, { params: unknown; result: unknown }>, C> =
  Same<keyof M, keyof C> extends false
    ? "the names differ"
    : {
          [K in keyof C]: C[K] extends (...args: infer A) => Promise<infer R>
            ? Same<R, M[K]["result"]> extends false
              ? "the result differs"
              : Same<M[K]["params"], { [name: string]: never }> extends true
                ? Same<A[0], WalletRequestOptions | undefined>
                : Same<Exclude<A[0], undefined>, M[K]["params"]>
            : "not a call";
        }[keyof C] extends true
      ? true
      : "an operation's params or result differ";

/**
 * The REST areas' operation maps (`WalletOperations`…), for a wrapper generic over the operation,
 * as the JSON-RPC areas' method maps are: the name picks the params and result types, one name at a
 * time. (A REST client has no `request`: the wrapper calls the client's method itself.)
 */
export async function restOperationMaps(): Promise<void> {
  const walletMap: MapOfClient<WalletOperations, WalletClient> = true;
  const webhooksMap: MapOfClient<WebhooksOperations, WebhooksClient> = true;
  const adminMap: MapOfClient<AdminOperations, AdminClient> = true;
  const tokenMetadataMap: MapOfClient<TokenMetadataOperations, TokenMetadataClient> = true;
  /** A wrapper over the wallet client (a cache, metrics), generic over the operation. */
  async function call<O extends WalletOperation>(
    operation: O,
    params: WalletParams<O>,
    options?: WalletRequestOptions,
  ): Promise<WalletResult<O>> {
    const method = wallet[operation] as (
      params: WalletParams<O>,
      options?: WalletRequestOptions,
    ) => Promise<WalletResult<O>>;
    return method(params, options);
  }
  const identity: GetIdentityResult = await call("getIdentity", { wallet: ADDRESS });
  (await call("getBalances", { wallet: ADDRESS, page: 2 }, { timeout: 1_000 })).balances;
  // @ts-expect-error — getIdentity's `wallet` is a string
  void call("getIdentity", { wallet: 1 });
  // @ts-expect-error — the wrapper keeps the operation's params: getBatchIdentity takes `addresses`
  void call("getBatchIdentity", { wallet: ADDRESS });
  // @ts-expect-error — not a wallet operation
  void call("getAsset", { id: ADDRESS });
  const either = ADDRESS.length > 40 ? "getIdentity" : "getFundedBy";
  // @ts-expect-error — a union of names: the params could not be checked against the one called
  void call(either, { wallet: ADDRESS });
  const oneParams: WalletParams<"getIdentity"> = { wallet: ADDRESS };
  const sameParams: GetIdentityInput = oneParams;
  // @ts-expect-error — the params of a union of names are never (even those both take)
  const unionParams: WalletParams<"getIdentity" | "getFundedBy"> = { wallet: ADDRESS };
  const unionResult: WalletResult<"getIdentity" | "getFundedBy"> = identity;
  // An operation without params (listWebhooks) maps to an empty object, which may be left out.
  /** A wrapper whose params may be left out where the operation's may. */
  const hook = <O extends WebhooksOperation>(
    operation: O,
    ...args: [...params: WalletParamsArgument<WebhooksParams<O>>, options?: WalletRequestOptions]
  ): Promise<WebhooksResult<O>> =>
    (webhooks[operation] as (...a: unknown[]) => Promise<WebhooksResult<O>>)(
      ...(operation === "listWebhooks" ? args.slice(1) : args),
    );
  (await hook("listWebhooks")).map((h) => h.webhookID);
  void hook("listWebhooks", {}, { timeout: 1_000 });
  void hook("getWebhook", { webhookID: "w" });
  // @ts-expect-error — getWebhook's params cannot be left out
  void hook("getWebhook");
  // @ts-expect-error — listWebhooks takes no params: an empty object only
  void hook("listWebhooks", { page: 1 });
  const none: WebhooksParams<"listWebhooks"> = {};
  // @ts-expect-error — nor a value that is not an object
  const notNone: WebhooksParams<"listWebhooks"> = "all";
  const oneHook = ADDRESS.length > 40 ? "getWebhook" : "deleteWebhook";
  // @ts-expect-error — a union of names, with params both take
  void hook(oneHook, { webhookID: "w" });
  // (The same names through the sdk's namespaces.)
  const sdkParams: Wallet.WalletParams<"getIdentity"> = { wallet: ADDRESS };
  const sdkResult: Wallet.WalletResult<"getIdentity"> = identity;
  const sdkName: Wallet.WalletOperation = "getFundedBy";
  // @ts-expect-error — a JSON-RPC method is not a wallet operation
  const sdkNotName: Wallet.WalletOperation = "getAsset";
  void [walletMap, webhooksMap, adminMap, tokenMetadataMap, sameParams, unionParams, unionResult];
  void [none, notNone, sdkParams, sdkResult, sdkName, sdkNotName];
}

/** The REST areas' standalone form: `getIdentity(createWalletRest(), params)`, as `getAsset(createDasRpc(), params)`. */
export async function restStandalone(): Promise<void> {
  const rest = createWalletRest({ apiKey: "k", maxRetries: 1 });
  const identity = await getIdentity(rest, { wallet: "toly.sol" }, { timeout: 5_000 });
  identity.address;
  const balances = await getBalances(rest, { wallet: ADDRESS, page: 2 });
  balances.balances;
  for await (const transfer of paginateGetTransfers(rest, { wallet: ADDRESS }, { maxPages: 2 }))
    transfer.signature;
  const hooks = createWebhooksRest();
  const list = await listWebhooks(hooks, { timeout: 1 });
  list.map((hook) => hook.webhookID);
  await updateWebhook(hooks, {
    ...(await getWebhook(hooks, { webhookID: "w" })),
    webhookURL: "https://x.example",
  });
  (await getProjectUsage(createAdminRest(), { id: "p" })).creditsRemaining;
  // @ts-expect-error — the first argument is the result of createWalletRest, not a client
  await getIdentity(wallet, { wallet: ADDRESS });
  // @ts-expect-error — nor another area's (webhooks: another host's paths)
  await getIdentity(hooks, { wallet: ADDRESS });
  // @ts-expect-error — nor a JSON-RPC endpoint
  await getIdentity(createDasRpc(), { wallet: ADDRESS });
  // @ts-expect-error — `wallet` is required
  await getIdentity(rest, {});
  // @ts-expect-error — the params are required
  await getBalances(rest);
  // @ts-expect-error — `limit` is a number
  paginateGetTransfers(rest, { wallet: ADDRESS, limit: "10" });
  // @ts-expect-error — listWebhooks takes no params: `(rest, options)`
  await listWebhooks(hooks, {}, { timeout: 1 });
  // @ts-expect-error — updateWebhook takes every setting
  await updateWebhook(hooks, { webhookID: "w", webhookURL: "https://x.example" });
  // The edit helpers take the rest in the client's place.
  (await editWebhook(hooks, { webhookID: "w", webhookURL: "https://x.example" })).webhookURL;
  await addWebhookAddresses(hooks, { webhookID: "w", addresses: [ADDRESS] }, { timeout: 1 });
  // @ts-expect-error — nor another area's rest
  await removeWebhookAddresses(rest, { webhookID: "w", addresses: [ADDRESS] });
}

/**
 * The JSON-RPC endpoints by name, as the REST packages' (`WalletRest`): a class field or a
 * parameter holds one without core's `JsonRpcClient<"rpc /">` or `ReturnType<typeof createDasRpc>`.
 */
class AssetReader {
  readonly zk: CompressionRpc = createCompressionRpc();
  readonly sender: SenderRpc = createSenderRpc();
  readonly mint: MintRpc = createMintRpc();
  constructor(private readonly rpc: DasRpc = createDasRpc({ apiKey: "k" })) {}
  asset(id: string) {
    return getAsset(this.rpc, { id });
  }
}

export async function namedRpcEndpoints(): Promise<void> {
  const reader = new AssetReader();
  (await reader.asset(ADDRESS)).id;
  await ping(reader.sender);
  const mint = (params: Parameters<typeof mintCompressedNft>[1]) =>
    mintCompressedNft(reader.mint, params);
  void mint;
  // The type is the endpoint's (rpc host, POST /), which DAS and compression share.
  const shared: DasRpc = reader.zk;
  await getAsset(shared, { id: ADDRESS });
  // @ts-expect-error — the sender's endpoint is another path (POST /fast)
  const sender: DasRpc = createSenderRpc();
  // @ts-expect-error — a client is not an endpoint
  const client: DasRpc = createDasClient();
  // @ts-expect-error — nor is a REST endpoint
  const rest: CompressionRpc = createWalletRest();
  void [sender, client, rest];
}

export function itemShapes(): void {
  dasU64Shape("getAssetsByOwner", "item");
  dasU64Shape("getAsset");
  // @ts-expect-error — getAsset has no page walk, so no item
  dasU64Shape("getAsset", "item");
  // @ts-expect-error — "item" is the only part
  dasU64Shape("getAssetsByOwner", "items");
  // Each operation's own shape, typed as what it is: a shape, or `undefined` where the result (an
  // edition's item) holds no u64 value nor float.
  const page: U64Shape = getAssetsByOwnerU64Shape;
  const item: U64Shape = getAssetsByOwnerItemU64Shape;
  const none: undefined = getNftEditionsItemU64Shape;
  void [page, item, none];
  // Readonly, as it is frozen (and as the `<operation>Pagination` exports are).
  const object = getAssetsByOwnerU64Shape as Exclude<typeof getAssetsByOwnerU64Shape, number>;
  // @ts-expect-error — a shared shape cannot be changed
  object.items = 0;
  // @ts-expect-error — getAsset has no page walk, so no item shape
  void dasPackage.getAssetItemU64Shape;
}

/**
 * `reviveU64` with a generated shape is typed as what that shape revives, so a shape given for
 * the wrong value fails to compile (user trial 72, F7: a page's shape given for each stored item
 * compiled, and brought a supply below 2^53 back as a `number`, typed `bigint`).
 */
export function revivedTypes(
  text: string,
  stored: { assets: Asset[] },
  list: AssetList,
  transfer: WalletTransferItem,
): void {
  // (Each wrong pairing below compiled before, typed as the value given: the shapes were alike.)
  const asset: Asset = reviveU64(parseJson(text), getAssetsByOwnerItemU64Shape);
  const page: AssetList = reviveU64(parseJson(text), getAssetsByOwnerU64Shape);
  const supply: bigint | undefined = reviveU64(parseJson(text), getAssetsByOwnerItemU64Shape)
    .token_info?.supply;
  stored.assets = stored.assets.map((item) => reviveU64(item, getAssetsByOwnerItemU64Shape));
  // @ts-expect-error — the trial's code: a page's shape revives a page, not one of its items
  stored.assets = stored.assets.map((item) => reviveU64(item, getAssetsByOwnerU64Shape));
  // @ts-expect-error — an item's shape for a page
  const wrongPage: AssetList = reviveU64(list, getAssetsByOwnerItemU64Shape);
  const sent: WalletTransferItem = reviveU64(parseJson(text), getTransfersItemU64Shape);
  // @ts-expect-error — a REST area's shapes too: a page of transfers is no transfer
  const wrongTransfer: WalletTransferItem = reviveU64(transfer, getTransfersU64Shape);
  // A shape of your own (a plain `U64Shape`) is typed as the value is, as before.
  const own: Asset = reviveU64(asset, { token_info: { supply: 1 } });
  // One by a name written out is typed as the export of that name (it was a plain `U64Shape`, so
  // the result was `unknown` from parseJson), its item's too; a wrong pairing fails to compile.
  const byName: Asset = reviveU64(parseJson(text), dasU64Shape("getAsset"));
  const itemByName: Asset = reviveU64(parseJson(text), dasU64Shape("getAssetsByOwner", "item"));
  const sentByName: WalletTransferItem = reviveU64(
    parseJson(text),
    walletU64Shape("getTransfers", "item"),
  );
  // @ts-expect-error — by name too: a page's shape revives a page, not one of its items
  const wrongByName: Asset = reviveU64(parseJson(text), dasU64Shape("getAssetsByOwner"));
  // A name known only at run time types nothing, as a plain shape: the value's type.
  const known = (name: "getAsset" | "getAssetsByOwner") =>
    reviveU64(asset, dasU64Shape(name)) satisfies Asset;
  void [page, supply, wrongPage, sent, wrongTransfer, own, byName, itemByName, sentByName];
  // (An item holding no u64 value nor float: `undefined`, as its export is.)
  const noneByName: undefined = dasU64Shape("getNftEditions", "item");
  void [wrongByName, known, noneByName];
}

/**
 * The sdk's namespaces name the runtime's types by aliases of their own (so that hovers show
 * `RequestOptions`, not another area's `Mint.RequestOptions`: test/types/namespaces.test.ts), and
 * they are still the runtime's types, generic ones with their defaults.
 */
export async function namespacedRuntimeTypes(): Promise<void> {
  const options: RequestOptionsOfSdk = { timeout: 1_000 };
  const asDas: Das.RequestOptions = options;
  const asWallet: Wallet.RequestOptions = asDas;
  await sdk.wallet.getBalances({ wallet: ADDRESS }, asWallet);
  const pages: Das.PageIterable<Das.Asset, Das.GetAssetsByOwnerResult> =
    sdk.das.getAssetsByOwner.all({ ownerAddress: ADDRESS }, {
      maxPages: 2,
    } satisfies Das.PageWalkOptions);
  const byOwner: Das.Paginated<Das.GetAssetsByOwnerParams, Das.GetAssetsByOwnerResult, Das.Asset> =
    sdk.das.getAssetsByOwner;
  const asPaginated: SdkPaginated<
    Das.GetAssetsByOwnerParams,
    Das.GetAssetsByOwnerResult,
    Das.Asset
  > = byOwner;
  const none: Compression.ParamsArgument<Compression.GetLatestCompressionSignaturesParams> = [];
  const call: Compression.CallOptions = { timeout: 1_000 };
  const fast: Compression.CallOptions<"swqosOnly"> = { swqosOnly: true };
  const rpc: Das.JsonRpcClient<"rpc /"> = createDasRpc();
  const anyRpc: Das.JsonRpcClient = rpc;
  const one: Das.SingleMethod<"getAsset"> = "getAsset";
  const limited: Das.RateLimitError | Wallet.AnyChainDataError = new RateLimitError("slow down");
  const issues: Wallet.ValidationIssue[] = [];
  // @ts-expect-error — still the runtime's options: `timeout` is a number of milliseconds
  const late: Das.RequestOptions = { timeout: "1s" };
  // @ts-expect-error — a single method only: a union of names is never
  const two: Das.SingleMethod<"getAsset" | "getAssetBatch"> = "getAsset";
  // @ts-expect-error — a REST area's namespace has no JSON-RPC client (its package exports none)
  const notRest: Wallet.JsonRpcClient = rpc;
  // @ts-expect-error — a page walk's items are checked through the alias too
  const wrongItems: Das.PageIterable<string, Das.GetAssetsByOwnerResult> = pages;
  // An error class is still a class under its namespace: its constructor's type names it
  // (user trial 18: only the instance type was left).
  const Refused: typeof Das.ValidationError = ValidationErrorOfSdk;
  const refusedOnce: Das.ValidationError = new Refused("params.id: is required", { issues: [] });
  // @ts-expect-error — the constructor, not an instance
  const notAClass: typeof Wallet.RateLimitError = limited;
  void [
    refusedOnce,
    notAClass,
    asPaginated,
    none,
    call,
    fast,
    anyRpc,
    one,
    limited,
    issues,
    late,
    two,
    notRest,
    wrongItems,
  ];
}

// An area's tool schemas (`./tool-schemas`, docs/decisions/0020): each name a literal, the map
// typed by the tools, a JSON-RPC schema's literal values (a host or a JSON Schema-to-type library
// reads them).
{
  const name: "getAsset" = dasTools.getAsset.name;
  const same: typeof getAssetTool = dasTools.getAsset;
  const required: readonly ["wallet"] = walletTools.getBalances.inputSchema.required;
  // @ts-expect-error — the name is the operation's, not another's
  const wrongName: "getAssetBatch" = dasTools.getAsset.name;
  // @ts-expect-error — an operation the package does not have
  void dasTools.searchAssets;
  // A host's tool type takes them as they are: the MCP SDK's `Tool` and `ListToolsResult` (and
  // Anthropic's `Tool.InputSchema`) type `required` as `string[]`, which a `readonly` tuple is not
  // (review 66: `const tools: Tool[] = Object.values(toolSchemas)` needed a cast).
  type HostTool = {
    name: string;
    description?: string;
    inputSchema: {
      [x: string]: unknown;
      type: "object";
      properties?: { [x: string]: object };
      required?: string[];
    };
  };
  const hostTools: HostTool[] = [...Object.values(dasTools), ...Object.values(walletTools)];
  // The transaction types of a tool schema are core's list (decision 0021), typed by their names,
  // not as any string.
  const historyTypes = walletTools.getHistory.inputSchema.properties.type.anyOf[0].enum;
  const knownInTool: readonly KnownTransactionType[] = historyTypes;
  // @ts-expect-error — not one of the names
  const unknownInTool: (typeof historyTypes)[number] = "TRANSFERZ";
  void [name, same, required, wrongName, hostTools, knownInTool, unknownInTool];
  // The sdk's record of every area's tools: the areas' own types, and each tool's client member,
  // so that `client[toolAreas[name]][name]` is the call.
  const fromSdk: typeof getAssetTool = allTools.getAsset;
  const area: "das" = toolAreas.getAsset;
  const webhooks: "webhooks" = toolAreas.createWebhook;
  // @ts-expect-error — getAsset is the das area's, not the wallet's
  const wrongArea: "wallet" = toolAreas.getAsset;
  const everyTool: HostTool[] = Object.values(allTools);
  void [fromSdk, area, webhooks, wrongArea, everyTool];
}

// The shared closed lists at run time (`./known-values`, docs/decisions/0021; user trial 60, F5):
// the list is of the known type and readonly, and the guard narrows a string (a CLI's `--type`)
// to it, where the open enum `TransactionType` takes any string.
{
  const listed: readonly KnownTransactionType[] = knownTransactionTypes;
  const sameList: readonly KnownTransactionType[] = walletTransactionTypes;
  // @ts-expect-error — readonly: the list is frozen
  knownTransactionTypes.push("TRANSFER");
  const given: string = process.argv[2] ?? "TRANSFERZ";
  // @ts-expect-error — a string is not a known type until the guard says so
  const unchecked: KnownTransactionType = given;
  const open: TransactionType = given;
  if (isKnownTransactionType(given)) {
    const known: KnownTransactionType = given;
    void known;
  }
  // The guard takes any value (a parsed form field, JSON).
  const fromJson: unknown = JSON.parse("42");
  const checked: boolean = isKnownTransactionType(fromJson);
  void [listed, sameList, unchecked, open, checked];
}

// Each call's params check without the call, `check<Operation>(endpoint, params)` (docs/decisions/
// 0023; user trial 60, F6): it takes what a form or a tool call gives (`unknown`), and once it has
// returned the params are typed as the call takes them; it takes the call's own endpoint only.
async () => {
  const rpc = createDasRpc();
  const rest = createWebhooksRest();
  const fromForm: unknown = JSON.parse("{}");
  // @ts-expect-error — unchecked, the value is no GetAssetParams
  void getAsset(rpc, fromForm);
  checkGetAsset(rpc, fromForm);
  const asset: Asset = await getAsset(rpc, fromForm);
  const toolArguments: unknown = JSON.parse("{}");
  checkCreateWebhook(rest, toolArguments);
  await createWebhook(rest, toolArguments);
  // The sdk's: the same functions, with the endpoint factory they take.
  const fromSdk: unknown = JSON.parse("{}");
  sdkCheckCreateWebhook(sdkCreateWebhooksRest(), fromSdk);
  await createWebhook(rest, fromSdk);
  // Optional params (the call's may be left out): checked, they may still be undefined.
  const maybe: unknown = undefined;
  checkGetLatestCompressionSignatures(createCompressionRpc(), maybe);
  await getLatestCompressionSignatures(createCompressionRpc(), maybe);
  // A check returns nothing (it throws): no `if (checkGetAsset(…))`.
  // @ts-expect-error — void is not tested for truthiness
  if (checkGetAsset(rpc, fromForm)) void 0;
  // @ts-expect-error — another area's endpoint: a REST one for a JSON-RPC call
  checkGetAsset(rest, fromForm);
  // @ts-expect-error — the area's client is not its endpoint
  checkGetWebhook(createWebhooksClient(), fromForm);
  // @ts-expect-error — the endpoint is required: the key it masks
  checkGetAsset(fromForm);
  void asset;
};
