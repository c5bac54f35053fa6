// Sender: submit a signed transaction on POST /fast (no API key needed, no credits used).
import {
  createSenderClient,
  senderMinimumTipLamports,
  senderRegions,
  senderTipAccounts,
} from "@chaindata/sender";

// Against mainnet, pick the endpoint nearest you: `baseUrls: { sender: senderRegions.fra }`
// (a URL; `senderRegions.global` is the https host). Here: the local mock.
const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const sender = createSenderClient({ environment: "local", baseUrls: { sender: url } });
console.log(`regional endpoints: ${Object.keys(senderRegions).join(", ")}`);

// What the transaction must carry (build it with your Solana library, e.g. @solana/kit): a
// ComputeBudget priority fee and a SOL transfer of at least the minimum tip to a tip account.
// With swqosOnly: true the minimum is senderMinimumTipLamports.swqosOnly.
const tipAccount = senderTipAccounts[Math.floor(Math.random() * senderTipAccounts.length)];
console.log(`tip ${senderMinimumTipLamports.swqosOnly} lamports to ${tipAccount}`);

// A signed transaction, serialized and base64-encoded (the spec's example: a priority fee and a
// 1,000,000-lamport tip).
const transaction =
  "AUQ4BI0nYq1N1LVoJfqTRAPWbViaAwwiLstKIAZ/e33lI9GU3f2pYVA/f8SrN0ySqw+K7/ZMs4oJ4l3Dsse4Ug8BAAIE+dCUhLhDr+MiUbGM9HY82w67DVWdbvaDBp1iQFDnFqcu7nuJKk74pEqr+XDMDjfq9yZ2dRcMHWmc0xJ0SWxUPwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwZGb+UhFzL/7K26csOb57yM5bvF9xJrLEObOkAAAAC1mWaqQqnxp+/GVr22qds7K3UnRDfYIPwTG3kS53nq7gMDAAUCeAUAAAMACQOghgEAAAAAAAICAAEMAgAAAEBCDwAAAAAA";

const signature = await sender.sendTransaction({
  transaction,
  config: { encoding: "base64", skipPreflight: true, maxRetries: 0 },
  swqosOnly: true, // route only through stake-weighted QoS (lower minimum tip)
});
console.log(`sent: ${signature}`);
