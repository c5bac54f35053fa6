// The sender's constants (packages/sender/src/generated/constants.ts) are the spec's facts, as
// users import them from the built packages: the tip accounts of `info.x-tip-accounts`, the
// minimum tips of `info.x-minimum-tip-lamports` (as bigint, like every u64 of the SDK) and the
// host's URLs (spec/hosts.yaml `x-regions`, plus the mainnet host as `global`). They are also
// compared with sources outside the spec: the reference facts' list of tip accounts and
// helius-sdk 3.2.0's exports, so a spec edit that drops or mistypes one fails here too.
import { readFileSync } from "node:fs";
import * as sdk from "@chaindata/sdk";
import * as sender from "@chaindata/sender";
import {
  MIN_TIP_LAMPORTS_MAX,
  MIN_TIP_LAMPORTS_SWQOS,
  SENDER_ENDPOINTS,
  SENDER_TIP_ACCOUNTS,
} from "helius-sdk/transactions/types";
import { describe, expect, it } from "vitest";
import YAML from "yaml";

const spec = (path: string) =>
  YAML.parse(readFileSync(new URL(`../../spec/${path}`, import.meta.url), "utf8"));
const info = spec("openrpc/sender.yaml").info;
const host = spec("hosts.yaml").hosts.sender;

// api-facts.md §6c (public docs sender.mdx and helius-sdk SENDER_TIP_ACCOUNTS: the same 10).
const DOCUMENTED_TIP_ACCOUNTS = [
  "4ACfpUFoaSD9bfPdeu6DBt89gB6ENTeHBXCAi87NhDEE",
  "D2L6yPZ2FmmmTKPgzaMKdhu6EWZcTpLy1Vhx8uvZe7NZ",
  "9bnz4RShgq1hAnLnZbP8kbgBg1kEmcJBYQq3gQbmnSta",
  "5VY91ws6B2hMmBFRsXkoAAdsPHBJwRfBht4DXox3xkwn",
  "2nyhqdwKcJZR2vcqCyrYsaPVdAnFoJjiksCXJ7hfEYgD",
  "2q5pghRs6arqVjRvT5gfgWfWcHWmw1ZuCzphgd5KfWGJ",
  "wyvPkWjVZz1M8fHQnMMCDTQDbkManefNNhweYk5WkcF",
  "3KCKozbAaF75qEU33jtzozcJ29yJuaLJTy2jFdzUY8bT",
  "4vieeGHPYPG2MmyPRcYjdiDmmhN3ww7hsFNap8pVN3Ey",
  "4TQLFNWK8AovT1gFvda5jfw2oJeRMKEmw7aH6MGBJ3or",
];

describe("the sender's constants", () => {
  it("senderTipAccounts: the spec's x-tip-accounts, the documented 10", () => {
    expect(sender.senderTipAccounts).toEqual(info["x-tip-accounts"].accounts);
    expect(sender.senderTipAccounts).toEqual(DOCUMENTED_TIP_ACCOUNTS);
    expect([...sender.senderTipAccounts]).toEqual(SENDER_TIP_ACCOUNTS);
  });

  it("senderMinimumTipLamports: the spec's x-minimum-tip-lamports, as bigint", () => {
    const { default: dflt, swqosOnly } = info["x-minimum-tip-lamports"];
    expect(sender.senderMinimumTipLamports).toStrictEqual({
      default: BigInt(dflt),
      swqosOnly: BigInt(swqosOnly),
    });
    // helius-sdk 3.2.0, the newest reference SDK: its Sender Max and SWQoS-only minimums.
    expect(sender.senderMinimumTipLamports).toStrictEqual({
      default: MIN_TIP_LAMPORTS_MAX,
      swqosOnly: MIN_TIP_LAMPORTS_SWQOS,
    });
  });

  it("senderRegions: the mainnet host as `global`, then hosts.yaml's x-regions, in order", () => {
    expect(Object.entries(sender.senderRegions)).toEqual([
      ["global", host.urls.mainnet],
      ...Object.entries(host["x-regions"]),
    ]);
    expect(Object.values(sender.senderRegions).sort()).toEqual(
      Object.values(SENDER_ENDPOINTS).sort(),
    );
  });

  it("are exported by @chaindata/sdk too, the same values", () => {
    expect(sdk.senderTipAccounts).toBe(sender.senderTipAccounts);
    expect(sdk.senderMinimumTipLamports).toBe(sender.senderMinimumTipLamports);
    expect(sdk.senderRegions).toBe(sender.senderRegions);
  });

  it("a region URL is a working baseUrls.sender; a region name is refused with a ConfigurationError naming senderRegions", async () => {
    const requests: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return new Response("ok", { headers: { "content-type": "text/plain" } });
    };
    const client = sender.createSenderClient({
      baseUrls: { sender: sender.senderRegions.fra },
      fetch,
    });
    await expect(client.ping()).resolves.toBe("ok");
    expect(requests).toEqual(["http://fra-sender.helius-rpc.com/ping"]);
    expect(() => sender.createSenderClient({ baseUrls: { sender: "fra" }, fetch })).toThrow(
      new sender.ConfigurationError(
        'baseUrls.sender: must start with http:// or https:// (got "fra", a region: use senderRegions.fra)',
      ),
    );
  });
});
