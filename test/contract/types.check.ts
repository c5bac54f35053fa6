// Type-level contract, checked by `tsc --noEmit -p test/contract` (types.test.ts): for every
// operation of the spec, what the generated client returns is exactly the generated result type
// (not `any`, not a wider type) and is assignable to it; u64 fields are typed `bigint`.
// Inputs are the operations' spec examples (long strings shortened). Never run, only compiled.
import type * as Admin from "@chaindata/admin";
import type * as Compression from "@chaindata/compression";
import type * as Das from "@chaindata/das";
import type * as Mint from "@chaindata/mint";
import type * as Sender from "@chaindata/sender";
import {
  paginateGetCompressedAccountsByOwner,
  paginateGetCompressedTokenAccountsByDelegate,
  paginateGetCompressedTokenAccountsByOwner,
  paginateGetCompressionSignaturesForAddress,
  paginateGetLatestCompressionSignatures,
} from "@chaindata/compression";
import {
  paginateGetAssetsByAuthority,
  paginateGetAssetsByOwner,
  paginateGetNftEditions,
} from "@chaindata/das";
import { createSenderRpc, ping as pingStandalone } from "@chaindata/sender";
import type * as TokenMetadata from "@chaindata/token-metadata";
import type * as Wallet from "@chaindata/wallet";
import type * as Webhooks from "@chaindata/webhooks";
import { createChainDataClient } from "@chaindata/sdk";

/** `true` only when A and B are the same type (any ≠ everything). */
type Exact<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type IsAny<T> = 0 extends 1 & T ? true : false;
const exact = <A, B>(_proof: Exact<A, B>) => {};
const notAny = <T>(_value: T, _proof: IsAny<T> extends true ? never : true) => {};

const c = createChainDataClient({
  environment: "local",
  apiKey: "test",
  baseUrls: { rpc: "http://127.0.0.1:4010" },
});
const { das, compression, sender, mint, wallet, admin, webhooks, tokenMetadata } = c;

export async function contract(): Promise<void> {
  // -- das ----------------------------------------------------------------------------------------
  const getAsset: Das.GetAssetResult = await das.getAsset({
    id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5",
  });
  exact<typeof getAsset, Awaited<ReturnType<typeof das.getAsset>>>(true);
  notAny(getAsset, true);
  const supply: bigint | undefined = getAsset.token_info?.supply;
  // token_info.balance is a raw u64 amount (a bigint, like supply); the other fields of
  // helius-sdk 3.2.0's TokenInfo / PriceInfo / Asset are typed, not `unknown`
  exact<typeof getAsset.token_info, Das.TokenInfo | undefined>(true);
  exact<NonNullable<typeof getAsset.token_info>["balance"], bigint | undefined>(true);
  exact<NonNullable<typeof getAsset.token_info>["associated_token_address"], string | undefined>(
    true,
  );
  exact<NonNullable<Das.TokenInfo["price_info"]>["total_price"], number | undefined>(true);
  const useMethod: string | undefined = getAsset.uses?.use_method;
  const usesRemaining: bigint | undefined = getAsset.uses?.remaining;
  const usesTotal: bigint | undefined = getAsset.uses?.total;
  const mintExtensions: Record<string, unknown> | undefined = getAsset.mint_extensions;
  const printSupply: bigint | undefined | null = getAsset.supply?.print_current_supply;

  const getAssetBatch: Das.GetAssetBatchResult = await das.getAssetBatch({
    ids: [
      "6nMMVpm7qQSBMPqJEoJGHxWEBKtozk1Cs5oZTgGryqZp",
      "CZUs7STKR7tVmvmfPsLibWt3woMiJB8CvsEwzfJ17YE",
    ],
  });
  exact<Awaited<ReturnType<typeof das.getAssetBatch>>, Das.GetAssetBatchResult>(true);
  notAny(getAssetBatch, true);

  const getAssetsByOwner: Das.GetAssetsByOwnerResult = await das.getAssetsByOwner({
    ownerAddress: "5cgtSJbb8f675Bsq4m2J6MZk61x1fTgS53C6Po2MttGV",
    page: 1,
    limit: 50,
    options: { showFungible: true, showNativeBalance: true, showGrandTotal: true },
  });
  exact<Awaited<ReturnType<typeof das.getAssetsByOwner>>, Das.GetAssetsByOwnerResult>(true);
  const lamports: bigint | undefined = getAssetsByOwner.nativeBalance?.lamports;

  const getAssetsByAuthority: Das.GetAssetsByAuthorityResult = await das.getAssetsByAuthority({
    authorityAddress: "6pnsVNNkLAvfWvQhNB9wnEFzrKq6PFGGyVzT4nZsFfmk",
    page: 1,
    limit: 10,
    sortBy: { sortBy: "created", sortDirection: "desc" },
    options: { showInscription: true },
  });
  exact<Awaited<ReturnType<typeof das.getAssetsByAuthority>>, Das.GetAssetsByAuthorityResult>(true);

  const getNftEditions: Das.GetNftEditionsResult = await das.getNftEditions({
    mint: "81kucWuBQL4TvWsP36stbSbuJyC81tTVUUheSe1Nt45M",
    page: 1,
    limit: 10,
  });
  exact<Awaited<ReturnType<typeof das.getNftEditions>>, Das.GetNftEditionsResult>(true);
  const maxSupply: bigint | undefined | null = getNftEditions.max_supply;

  // -- compression ----------------------------------------------------------------------------------
  const getCompressedAccountsByOwner: Compression.GetCompressedAccountsByOwnerResult =
    await compression.getCompressedAccountsByOwner({
      owner: "JCgG4EMmgEFXfkdH9rE8F7CCsRRrQc5kVLiYiViELE2H",
      filters: [{ memcmp: { offset: 0, bytes: "QxJumLKW57U" } }],
      dataSlice: { offset: 0, length: 8 },
      limit: 100,
    });
  exact<
    Awaited<ReturnType<typeof compression.getCompressedAccountsByOwner>>,
    Compression.GetCompressedAccountsByOwnerResult
  >(true);
  const accountLamports: bigint | undefined = getCompressedAccountsByOwner.value.items[0]?.lamports;

  const getCompressedTokenAccountsByOwner: Compression.GetCompressedTokenAccountsByOwnerResult =
    await compression.getCompressedTokenAccountsByOwner({
      owner: "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi",
      limit: 100,
    });
  exact<
    Awaited<ReturnType<typeof compression.getCompressedTokenAccountsByOwner>>,
    Compression.GetCompressedTokenAccountsByOwnerResult
  >(true);
  const amount: bigint | undefined =
    getCompressedTokenAccountsByOwner.value.items[0]?.tokenData.amount;

  const getCompressedTokenAccountsByDelegate: Compression.GetCompressedTokenAccountsByDelegateResult =
    await compression.getCompressedTokenAccountsByDelegate({
      delegate: "HZB1Js7ZVgsFecXm6Z8T8RQiUfkogxMvfrGLy8CN1q9R",
      limit: 100,
    });
  exact<
    Awaited<ReturnType<typeof compression.getCompressedTokenAccountsByDelegate>>,
    Compression.GetCompressedTokenAccountsByDelegateResult
  >(true);

  const getCompressedBalanceByOwner: Compression.GetCompressedBalanceByOwnerResult =
    await compression.getCompressedBalanceByOwner({
      owner: "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi",
    });
  exact<
    Awaited<ReturnType<typeof compression.getCompressedBalanceByOwner>>,
    Compression.GetCompressedBalanceByOwnerResult
  >(true);
  const balance: bigint = getCompressedBalanceByOwner.value;

  const getCompressionSignaturesForAddress: Compression.GetCompressionSignaturesForAddressResult =
    await compression.getCompressionSignaturesForAddress({
      address: "8KYTKzU8SpibBXTko3MgEFmuemKQfEHuiG4Ss6z1f37p",
      limit: 50,
    });
  exact<
    Awaited<ReturnType<typeof compression.getCompressionSignaturesForAddress>>,
    Compression.GetCompressionSignaturesForAddressResult
  >(true);

  const getLatestCompressionSignatures: Compression.GetLatestCompressionSignaturesResult =
    await compression.getLatestCompressionSignatures({ limit: 10 });
  exact<
    Awaited<ReturnType<typeof compression.getLatestCompressionSignatures>>,
    Compression.GetLatestCompressionSignaturesResult
  >(true);

  const getMultipleNewAddressProofsV2: Compression.GetMultipleNewAddressProofsV2Result =
    await compression.getMultipleNewAddressProofsV2([
      {
        address: "1AxK7k1gR2CUMr4LAkk4qSUuKgWd1mK3ZGC5YoHyNzv",
        tree: "amt1Ayt45jfbdw5YSo7iz6WZxUmnZsQTYXy82hVwyC2",
      },
      {
        address: "1p7jqQmKwoPkZzjiynyXguABy8vNzpRr97K6mec1Yzb",
        tree: "amt1Ayt45jfbdw5YSo7iz6WZxUmnZsQTYXy82hVwyC2",
      },
    ]);
  exact<
    Awaited<ReturnType<typeof compression.getMultipleNewAddressProofsV2>>,
    Compression.GetMultipleNewAddressProofsV2Result
  >(true);

  // -- mint (deprecated) ---------------------------------------------------------------------------
  const mintCompressedNft: Mint.MintCompressedNftResult = await mint.mintCompressedNft({
    name: "Aurora Pass #42",
    symbol: "AURA",
    description: "Access pass for the Aurora community, season 1.",
    owner: "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi",
  });
  exact<Awaited<ReturnType<typeof mint.mintCompressedNft>>, Mint.MintCompressedNftResult>(true);

  // -- sender --------------------------------------------------------------------------------------
  const sendTransaction: Sender.SendTransactionResult = await sender.sendTransaction({
    transaction: "AQIDBA==",
    config: { encoding: "base64", skipPreflight: true, maxRetries: 0 },
  });
  exact<Awaited<ReturnType<typeof sender.sendTransaction>>, Sender.SendTransactionResult>(true);
  const signature: string = sendTransaction;
  const ping: Sender.PingResult = await sender.ping({ timeout: 1000 });
  exact<Awaited<ReturnType<typeof sender.ping>>, Sender.PingResult>(true);
  // The standalone form takes the endpoint of createSenderRpc (it remembers the options).
  const pinged: string = await pingStandalone(createSenderRpc({ environment: "local" }));
  // @ts-expect-error ping is not JSON-RPC: `request` does not reach it
  await sender.request("ping", {});

  // -- admin ---------------------------------------------------------------------------------------
  const getProjectUsage: Admin.GetProjectUsageResult = await admin.getProjectUsage({
    id: "3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63",
  });
  exact<Awaited<ReturnType<typeof admin.getProjectUsage>>, Admin.GetProjectUsageResult>(true);

  // -- token-metadata (deprecated) -------------------------------------------------------------------
  const getTokenMetadata: TokenMetadata.GetTokenMetadataResult =
    await tokenMetadata.getTokenMetadata({
      mintAccounts: ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
    });
  exact<
    Awaited<ReturnType<typeof tokenMetadata.getTokenMetadata>>,
    TokenMetadata.GetTokenMetadataResult
  >(true);

  // -- wallet (beta) -------------------------------------------------------------------------------
  const getIdentity: Wallet.GetIdentityResult = await wallet.getIdentity({
    wallet: "5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9",
  });
  exact<Awaited<ReturnType<typeof wallet.getIdentity>>, Wallet.GetIdentityResult>(true);

  const getBatchIdentity: Wallet.GetBatchIdentityResult = await wallet.getBatchIdentity({
    addresses: ["5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9", "toly.sol"],
  });
  exact<Awaited<ReturnType<typeof wallet.getBatchIdentity>>, Wallet.GetBatchIdentityResult>(true);

  const getBalances: Wallet.GetBalancesResult = await wallet.getBalances({
    wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
    page: 1,
    limit: 100,
    showZeroBalance: false,
    showNative: true,
    showNfts: false,
  });
  exact<Awaited<ReturnType<typeof wallet.getBalances>>, Wallet.GetBalancesResult>(true);

  const getHistory: Wallet.GetHistoryResult = await wallet.getHistory({
    wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
    limit: 10,
    type: "SWAP",
    tokenAccounts: "balanceChanged",
  });
  exact<Awaited<ReturnType<typeof wallet.getHistory>>, Wallet.GetHistoryResult>(true);

  const getTransfers: Wallet.GetTransfersResult = await wallet.getTransfers({
    wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
    limit: 50,
  });
  exact<Awaited<ReturnType<typeof wallet.getTransfers>>, Wallet.GetTransfersResult>(true);

  const getFundedBy: Wallet.GetFundedByResult = await wallet.getFundedBy({
    wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
  });
  exact<Awaited<ReturnType<typeof wallet.getFundedBy>>, Wallet.GetFundedByResult>(true);

  // -- webhooks ------------------------------------------------------------------------------------
  const listWebhooks: Webhooks.ListWebhooksResult = await webhooks.listWebhooks();
  exact<Awaited<ReturnType<typeof webhooks.listWebhooks>>, Webhooks.ListWebhooksResult>(true);

  const createWebhook: Webhooks.CreateWebhookResult = await webhooks.createWebhook({
    webhookURL: "https://hooks.acme-wallet.io/chaindata/solana",
    transactionTypes: ["TRANSFER", "SWAP"],
    accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
    webhookType: "enhanced",
  });
  exact<Awaited<ReturnType<typeof webhooks.createWebhook>>, Webhooks.CreateWebhookResult>(true);

  const getWebhook: Webhooks.GetWebhookResult = await webhooks.getWebhook({
    webhookID: "642574b0-72aa-41dd-b293-356451e22168",
  });
  exact<Awaited<ReturnType<typeof webhooks.getWebhook>>, Webhooks.GetWebhookResult>(true);
  // a read carries the settings create/update take, typed as there
  exact<typeof getWebhook.encoding, Webhooks.WebhookEncoding | undefined>(true);
  exact<typeof getWebhook.txnStatus, Webhooks.TxnStatus | undefined>(true);
  exact<typeof getWebhook.transactionTypes, Webhooks.TransactionType[]>(true);
  // read, change, send back: the documented read-modify-write compiles as it stands
  const webhookID = "642574b0-72aa-41dd-b293-356451e22168";
  const accountAddresses = ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"];
  await webhooks.updateWebhook({
    ...(await webhooks.getWebhook({ webhookID })),
    accountAddresses,
  });
  const read = await webhooks.getWebhook({ webhookID });
  await webhooks.updateWebhook({
    ...read,
    accountAddresses: [...read.accountAddresses, ...accountAddresses],
  });

  const updateWebhook: Webhooks.UpdateWebhookResult = await webhooks.updateWebhook({
    webhookID: "642574b0-72aa-41dd-b293-356451e22168",
    webhookURL: "https://hooks.acme-wallet.io/chaindata/solana",
    transactionTypes: ["ANY"],
    accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
  });
  exact<Awaited<ReturnType<typeof webhooks.updateWebhook>>, Webhooks.UpdateWebhookResult>(true);

  const deleteWebhook: Webhooks.DeleteWebhookResult = await webhooks.deleteWebhook({
    webhookID: "642574b0-72aa-41dd-b293-356451e22168",
  });
  exact<Awaited<ReturnType<typeof webhooks.deleteWebhook>>, Webhooks.DeleteWebhookResult>(true);

  // -- auto-pagination item types --------------------------------------------------------------------
  for await (const item of das.getAssetsByOwner.all({
    ownerAddress: "5cgtSJbb8f675Bsq4m2J6MZk61x1fTgS53C6Po2MttGV",
  })) {
    exact<typeof item, NonNullable<Das.GetAssetsByOwnerResult["items"]>[number]>(true);
  }
  for await (const transfer of wallet.getTransfers.all({
    wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
  })) {
    exact<typeof transfer, Wallet.GetTransfersResult["data"][number]>(true);
  }

  // -- standalone page walks: exactly what the client's .all() returns -------------------------------
  exact<ReturnType<typeof paginateGetAssetsByOwner>, ReturnType<typeof das.getAssetsByOwner.all>>(
    true,
  );
  exact<
    ReturnType<typeof paginateGetAssetsByAuthority>,
    ReturnType<typeof das.getAssetsByAuthority.all>
  >(true);
  exact<ReturnType<typeof paginateGetNftEditions>, ReturnType<typeof das.getNftEditions.all>>(true);
  exact<
    ReturnType<typeof paginateGetCompressedAccountsByOwner>,
    ReturnType<typeof compression.getCompressedAccountsByOwner.all>
  >(true);
  exact<
    ReturnType<typeof paginateGetCompressedTokenAccountsByOwner>,
    ReturnType<typeof compression.getCompressedTokenAccountsByOwner.all>
  >(true);
  exact<
    ReturnType<typeof paginateGetCompressedTokenAccountsByDelegate>,
    ReturnType<typeof compression.getCompressedTokenAccountsByDelegate.all>
  >(true);
  exact<
    ReturnType<typeof paginateGetCompressionSignaturesForAddress>,
    ReturnType<typeof compression.getCompressionSignaturesForAddress.all>
  >(true);
  exact<
    ReturnType<typeof paginateGetLatestCompressionSignatures>,
    ReturnType<typeof compression.getLatestCompressionSignatures.all>
  >(true);
  // (And the params and options: the same as .all()'s, after the endpoint.)
  exact<
    Parameters<typeof paginateGetAssetsByOwner>[2],
    Parameters<typeof das.getAssetsByOwner.all>[1]
  >(true);
  exact<
    Parameters<typeof paginateGetAssetsByOwner>[1],
    Parameters<typeof das.getAssetsByOwner.all>[0]
  >(true);

  // -- what must not compile -------------------------------------------------------------------------
  // @ts-expect-error a u64 is a bigint, not a number
  const wrong: number = getCompressedBalanceByOwner.value;
  // @ts-expect-error getAsset requires an id
  await das.getAsset({});
  await webhooks.updateWebhook({
    webhookID: "x",
    webhookURL: "https://x",
    transactionTypes: ["ANY"],
    accountAddresses: [],
    // @ts-expect-error webhookType is an enum
    webhookType: "email",
  });

  void [
    getAssetsByAuthority,
    getCompressedTokenAccountsByDelegate,
    getCompressionSignaturesForAddress,
    getLatestCompressionSignatures,
    getMultipleNewAddressProofsV2,
    mintCompressedNft,
    getProjectUsage,
    getTokenMetadata,
    getIdentity,
    getBatchIdentity,
    getBalances,
    getHistory,
    getTransfers,
    getFundedBy,
    listWebhooks,
    createWebhook,
    getWebhook,
    updateWebhook,
    deleteWebhook,
    getAssetBatch,
    ping,
    pinged,
  ];
  void [
    supply,
    printSupply,
    useMethod,
    usesRemaining,
    usesTotal,
    mintExtensions,
    lamports,
    maxSupply,
    accountLamports,
    amount,
    balance,
    signature,
    wrong,
  ];
}
