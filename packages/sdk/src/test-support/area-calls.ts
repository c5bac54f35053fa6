// One call per area of the composite client, for the tests that need every area to send something
// (where its options go, where it sends): packages/sdk/src/index.test.ts, areas.test.ts and
// test/clients/readme-run.test.ts. Not published (package.json "files").
import { readFileSync } from "node:fs";
import type { ChainDataClient } from "../index.js";
import { camelArea } from "./area-names.js";

export const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
/**
 * The smallest signed transaction, in base64 (the sender checks its layout): one signature, the
 * header [1, 0, 0], one address, a blockhash and no instructions (a signature of 64 zero bytes
 * is an unsigned signer's, refused: 9s; the rest zeros).
 */
const TRANSACTION = btoa(
  String.fromCharCode(1, ...Array<number>(64).fill(9), 1, 0, 0, 1, ...Array<number>(65).fill(0)),
);

/** A base URL per host, each its own origin: where a request went tells which host it was for. */
export const baseUrls = {
  rpc: "https://rpc.test",
  wallet: "https://wallet.test",
  admin: "https://admin.test",
  api: "https://api.test",
  sender: "https://sender.test",
};

/**
 * The spec's areas as the composite client names them (camelCase: `tokenMetadata`), each once, in
 * spec/dist/index.json's order (the client's own), with the host its calls go to (`info.x-host`).
 */
export const specAreas: { key: keyof ChainDataClient; host: keyof typeof baseUrls }[] = [
  ...new Map(
    (
      JSON.parse(
        readFileSync(new URL("../../../../spec/dist/index.json", import.meta.url), "utf8"),
      ) as { areas: { area: string; host: keyof typeof baseUrls }[] }
    ).areas.map(({ area, host }) => [camelArea(area) as keyof ChainDataClient, host]),
  ),
].map(([key, host]) => ({ key, host }));

/** One call per area. */
export const areaCalls: Record<keyof ChainDataClient, (c: ChainDataClient) => Promise<unknown>> = {
  das: (c) => c.das.getAsset({ id: ADDRESS }),
  compression: (c) => c.compression.getCompressedBalanceByOwner({ owner: ADDRESS }),
  mint: (c) =>
    c.mint.mintCompressedNft({ name: "N", symbol: "S", description: "D", owner: ADDRESS }),
  sender: (c) =>
    c.sender.sendTransaction({ transaction: TRANSACTION, config: { encoding: "base64" } }),
  wallet: (c) => c.wallet.getBalances({ wallet: ADDRESS }),
  admin: (c) => c.admin.getProjectUsage({ id: "p" }),
  webhooks: (c) => c.webhooks.listWebhooks(),
  tokenMetadata: (c) => c.tokenMetadata.getTokenMetadata({ mintAccounts: [ADDRESS] }),
};
