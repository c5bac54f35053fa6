// Wallet API (beta): who a wallet is, what it holds, what it did, and who funded it.
import { createWalletClient } from "@chaindata/wallet";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const wallet = createWalletClient({ environment: "local", baseUrls: { wallet: url } });

const address = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

const identity = await wallet.getIdentity({
  wallet: "5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9",
});
console.log(`identity: ${identity.name ?? "(unknown)"} — ${identity.type ?? ""}`);

const { balances, totalUsdValue } = await wallet.getBalances({ wallet: address, showNative: true });
console.log(
  `balances (${balances.length}, $${totalUsdValue}): ${balances.map((b) => `${b.balance} ${b.symbol ?? b.mint}`).join(", ")}`,
);

for await (const transfer of wallet.getTransfers.all({ wallet: address, limit: 50 })) {
  console.log(
    `  transfer ${transfer.direction} ${transfer.amount} ${transfer.symbol ?? transfer.mint}`,
  );
}

const history = await wallet.getHistory({ wallet: address, limit: 10 });
console.log(
  `history: ${history.data.length} transactions, newest ${history.data[0]?.signature.slice(0, 16)}…`,
);

const funder = await wallet.getFundedBy({ wallet: address });
console.log(`funded by ${funder.funder} (${funder.funderName ?? "unnamed"})`);
