// What helius-sdk has, for Getting started's "Coming from helius-sdk" (helius.mjs renders it):
// plain data, one named field per fact. test/docs/helius.test.ts checks it against helius-sdk
// 3.2.0's declarations, CHANGELOG and built code.

/**
 * helius-sdk's calls beside chaindata's, for Getting started's "Coming from helius-sdk". Only names
 * read in helius-sdk's source: 1.x is `new Helius(apiKey)` (src/Helius.ts, with DAS on `rpc`:
 * src/RpcClient.ts), 2.x and 3.x are `createHelius({ apiKey })` (src/rpc/createHelius.eager.ts,
 * src/webhooks/client.ts, src/wallet/client.ts, src/transactions/client.ts). The DAS methods have
 * the same names in both and in the spec; those the spec lacks join its own list of the
 * service's other DAS methods under "Not covered".
 */
export const HELIUS = {
  das: [
    "getAsset",
    "getAssetBatch",
    "getAssetsByOwner",
    "getAssetsByAuthority",
    "getNftEditions",
    "getAssetsByCreator",
    "getAssetsByGroup",
    "searchAssets",
    "getAssetProof",
    "getAssetProofBatch",
    "getSignaturesForAsset",
    "getTokenAccounts",
  ],
  // Those whose answer is a page of assets, as getAssetsByOwner's (its u64 shape types them).
  assetPages: ["searchAssets", "getAssetsByGroup", "getAssetsByCreator"],
  // Each webhook call: `helius`, its call per helius-sdk version that has it (the keys are the
  // versions as the page writes them, 1.x first); `chaindata`, the operation or edit helper that
  // does it; `call`, that one's call as written; `note`, what the row adds (HTML), if anything.
  webhooks: [
    {
      helius: { "1.x": "helius.getAllWebhooks()", "2.x, 3.x": "helius.webhooks.getAll()" },
      chaindata: "listWebhooks",
      call: "webhooks.listWebhooks()",
    },
    {
      helius: { "1.x": "helius.getWebhookByID(id)", "2.x, 3.x": "helius.webhooks.get(id)" },
      chaindata: "getWebhook",
      call: "webhooks.getWebhook({ webhookID })",
    },
    {
      helius: {
        "1.x": "helius.createWebhook(request)",
        "2.x, 3.x": "helius.webhooks.create(request)",
      },
      chaindata: "createWebhook",
      call: "webhooks.createWebhook(request)",
    },
    {
      helius: { "1.x": "helius.editWebhook(id, changes)" },
      chaindata: "editWebhook",
      call: "editWebhook(webhooks, { webhookID, ...changes })",
      note: "reads the webhook and sends its settings back with yours",
    },
    {
      helius: { "2.x, 3.x": "helius.webhooks.update(id, changes)" },
      chaindata: "updateWebhook",
      call: "webhooks.updateWebhook({ webhookID, ...settings })",
      note: "its body is the complete settings, which the service replaces; to change a few, <code>editWebhook</code>",
    },
    {
      helius: { "1.x": "helius.appendAddressesToWebhook(id, addresses)" },
      chaindata: "addWebhookAddresses",
      call: "addWebhookAddresses(webhooks, { webhookID, addresses })",
    },
    {
      helius: { "1.x": "helius.removeAddressesFromWebhook(id, addresses)" },
      chaindata: "removeWebhookAddresses",
      call: "removeWebhookAddresses(webhooks, { webhookID, addresses })",
    },
    {
      helius: { "1.x": "helius.deleteWebhook(id)", "2.x, 3.x": "helius.webhooks.delete(id)" },
      chaindata: "deleteWebhook",
      call: "webhooks.deleteWebhook({ webhookID })",
      note: "resolves to the answer's body, or <code>undefined</code> when it has none, where helius-sdk resolved to <code>true</code>: success is that it did not throw, so <code>if (await …)</code> no longer tells",
    },
  ],
  // helius.zk (2.x, 3.x: src/zk/client.ts), in its order. Those the spec has (by name, in the
  // compression area) get a row; the rest join the ZK-compression area's own list of the service's
  // other methods under "Not covered".
  zk: [
    "getCompressedAccount",
    "getCompressedAccountProof",
    "getCompressedAccountsByOwner",
    "getCompressedBalance",
    "getCompressedBalanceByOwner",
    "getCompressedMintTokenHolders",
    "getCompressedTokenAccountBalance",
    "getCompressedTokenAccountsByDelegate",
    "getCompressedTokenAccountsByOwner",
    "getCompressedTokenBalancesByOwner",
    "getCompressedTokenBalancesByOwnerV2",
    "getCompressionSignaturesForAccount",
    "getCompressionSignaturesForAddress",
    "getCompressionSignaturesForOwner",
    "getCompressionSignaturesForTokenOwner",
    "getIndexerHealth",
    "getIndexerSlot",
    "getLatestCompressionSignatures",
    "getLatestNonVotingSignatures",
    "getMultipleCompressedAccountProofs",
    "getMultipleCompressedAccounts",
    "getMultipleNewAddressProofs",
    "getMultipleNewAddressProofsV2",
    "getTransactionWithCompressionInfo",
    "getValidityProof",
    "getSignaturesForAsset",
  ],
  // helius.zk's token balances by owner: the owner's token accounts summed by mint (the snippet).
  zkBalances: ["getCompressedTokenBalancesByOwner", "getCompressedTokenBalancesByOwnerV2"],
  // helius.wallet (2.2 on, its CHANGELOG's #275; getBalanceAt 3.1 on, #334): those the spec has
  // get the wallet row, the rest "Not covered".
  wallet: [
    "getIdentity",
    "getBatchIdentity",
    "getBalances",
    "getHistory",
    "getTransfers",
    "getFundedBy",
    "getBalanceAt",
  ],
  // helius.admin (3.0 on, its CHANGELOG's #305: src/admin/client.ts): each call, the operation that
  // does it, and that one's call as written (the project id, helius-sdk's only argument, is the
  // params' `id`).
  admin: [
    {
      helius: "helius.admin.getProjectUsage(projectId)",
      versions: "3.x",
      chaindata: "getProjectUsage",
      call: "admin.getProjectUsage({ id: projectId })",
    },
  ],
  // The rest of HeliusClient (src/rpc/index.ts), which no area of the spec describes: its RPC
  // methods of its own beside DAS (`rpcExtensions`), its other clients (`clients`), and `raw`, the
  // @solana/kit RPC client to which it passes every standard Solana RPC method
  // (`await helius.getBalance(address)`: 3.x sends it itself, on `raw` too, with no `.send()`).
  rpcExtensions: [
    "getProgramAccountsV2",
    "getAllProgramAccounts",
    "getTokenAccountsByOwnerV2",
    "getAllTokenAccountsByOwner",
    "getTransactionsForAddress",
    "getTransfersByAddress",
  ],
  clients: ["enhanced", "ws", "stake", "auth"],
  solanaRpc: "raw",
  // Calls and options "Not covered" lists while the spec has no operation named `coveredBy`
  // (null: no operation would cover it): `call` as written, the `versions` that have it, `what`
  // it does (HTML), and `searchName`, its name for the search when not the call's
  // (src/webhooks/toggleWebhook.ts: a PATCH of `{ active }`, which chaindata's edits refuse as
  // read-only; src/rpc/index.ts: `rebateAddress`, a query parameter).
  uncovered: [
    {
      call: "helius.webhooks.toggle(webhookID, active)",
      versions: "3.x",
      coveredBy: "toggleWebhook",
      what: "turns a webhook's deliveries off or on again (a <code>PATCH</code> of <code>{ active }</code>): no operation of the spec sets <code>active</code>, which <code>editWebhook</code> refuses as read-only (the service sets it, and may turn a webhook off itself after failed deliveries)",
    },
    {
      call: "createHelius({ rebateAddress })",
      versions: "2.x, 3.x",
      coveredBy: null,
      what: "the wallet that receives rebates for the client's RPC use, sent as a <code>rebate-address</code> query parameter: no client option of chaindata's sends it",
      searchName: "rebateAddress",
    },
  ],
  // The createHelius options (HeliusRpcOptions of src/rpc/types.ts): each `helius` option and the
  // `chaindata` client option that does its work; `apiKey` has a row of its own, `rebateAddress` is
  // under "Not covered" (`uncovered`).
  options: [
    { helius: "network", chaindata: "environment" },
    { helius: "baseUrl", chaindata: "baseUrls" },
    { helius: "userAgent", chaindata: "headers" },
    { helius: "transport", chaindata: "maxRetries" },
    { helius: "transport", chaindata: "fetch" },
  ],
  sender: "helius.tx.sendTransactionWithSender",
  // helius-sdk/transactions/sendViaSender: POSTs a signed base64 transaction to a region's /fast
  // (2.x: tx64, region, swqosOnly; 3.1 adds skipPreflight, its CHANGELOG's #335), and its regions
  // (SENDER_ENDPOINTS of src/transactions/types.ts), matched to the spec's by URL.
  viaSender: "sendViaSender",
  senderEndpoints: {
    Default: "https://sender.helius-rpc.com",
    US_SLC: "http://slc-sender.helius-rpc.com",
    US_EAST: "http://ewr-sender.helius-rpc.com",
    EU_WEST: "http://lon-sender.helius-rpc.com",
    EU_CENTRAL: "http://fra-sender.helius-rpc.com",
    EU_NORTH: "http://ams-sender.helius-rpc.com",
    AP_SINGAPORE: "http://sg-sender.helius-rpc.com",
    AP_TOKYO: "http://tyo-sender.helius-rpc.com",
  },
  // What builds, prices and confirms a transaction (1.x on `rpc`, 2.x and 3.x on `tx` and the
  // client): each method's `name`, what it is `doing` to a transaction, and the `words` "Not
  // covered" calls it by (none: its name says it). One the spec has (an operation of that name in
  // any area) is covered, and leaves "Not covered", its words with it (`notCovered`,
  // `sendingWords`).
  sending: [
    { name: "sendSmartTransaction", doing: "building" },
    { name: "createSmartTransaction", doing: "building" },
    { name: "getPriorityFeeEstimate", doing: "pricing", words: "priority-fee estimates" },
    { name: "pollTransactionConfirmation", doing: "confirming", words: "confirmation" },
  ],
};
