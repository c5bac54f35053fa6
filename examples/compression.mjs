// ZK compression: a wallet's compressed SOL balance and token accounts, an address's history.
import { createCompressionClient } from "@chaindata/compression";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const compression = createCompressionClient({ environment: "local", baseUrls: { rpc: url } });

const owner = "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi";
const { value: lamports } = await compression.getCompressedBalanceByOwner({ owner });
console.log(`compressed balance: ${lamports} lamports (${typeof lamports})`);

for await (const account of compression.getCompressedTokenAccountsByOwner.all({
  owner,
  limit: 100,
})) {
  console.log(
    `  token account: mint ${account.tokenData.mint}, amount ${account.tokenData.amount}`,
  );
}

const history = await compression.getCompressionSignaturesForAddress({
  address: "8KYTKzU8SpibBXTko3MgEFmuemKQfEHuiG4Ss6z1f37p",
  limit: 50,
});
console.log(
  `latest compression signature: ${history.value.items[0]?.signature} (slot ${history.value.items[0]?.slot})`,
);

const proofs = await compression.getMultipleNewAddressProofsV2([
  {
    address: "1AxK7k1gR2CUMr4LAkk4qSUuKgWd1mK3ZGC5YoHyNzv",
    tree: "amt1Ayt45jfbdw5YSo7iz6WZxUmnZsQTYXy82hVwyC2",
  },
]);
console.log(
  `new-address proof for ${proofs.value[0]?.address}: ${proofs.value[0]?.proof.length} hashes, tree ${proofs.value[0]?.merkleTree}`,
);
