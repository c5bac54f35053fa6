// A webhook URL's token is the receiver's secret (a Discord webhook URL's last segment is the
// credential itself): a server that echoes the request body must not carry it into an error, its
// JSON or a retry's log line (review 49, F1). The API key and `authHeader` were masked already.
import { describe, expect, it } from "vitest";
import { ValidationError } from "@chaindata/core";
import { createWebhooksClient } from "./client.js";

const KEY = "k".repeat(36);
const DISCORD_TOKEN = "DISCORDTOKzz_abcdefghijklmnop0123456789";
const QUERY_TOKEN = "qtok_9f8e7d6c5b4a";
const PASSWORD = "pw_0a1b2c3d4e";
const params = {
  transactionTypes: ["ANY"],
  accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
} as const;

/** A client over a service that answers 503 with the request body echoed; its log lines. */
function echoing() {
  const lines: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
    new Response(`upstream failed for ${await new Request(input, init).text()}`, {
      status: 503,
      headers: { "content-type": "text/plain" },
    });
  const log = (message: string) => void lines.push(message);
  const webhooks = createWebhooksClient({
    apiKey: KEY,
    fetch,
    maxRetries: 1,
    logger: { debug: log, info: log, warn: log },
  });
  return { webhooks, lines };
}

const everything = (error: unknown, lines: string[]) =>
  [String(error), JSON.stringify(error), (error as Error).stack ?? "", ...lines].join("\n");

describe("a webhook URL's credentials are masked in what an echoing server's answer becomes", () => {
  it.each([
    [
      "a Discord webhook's path token",
      `https://discord.com/api/webhooks/123456789012345678/${DISCORD_TOKEN}`,
      DISCORD_TOKEN,
      "discord",
    ],
    [
      "a ?token= query value",
      `https://hooks.example.com/h?id=7&token=${QUERY_TOKEN}`,
      QUERY_TOKEN,
      "enhanced",
    ],
    ["a userinfo password", `https://bot:${PASSWORD}@hooks.example.com/h`, PASSWORD, "enhanced"],
  ])("%s", async (_, webhookURL, secret, webhookType) => {
    const { webhooks, lines } = echoing();
    const error = await webhooks
      .createWebhook({ ...params, webhookURL, webhookType } as never, { retryNonIdempotent: true })
      .catch((e: unknown) => e);
    const text = everything(error, lines);
    expect(lines.length).toBeGreaterThan(0); // the retry's line was written
    expect(text).toContain("upstream failed for"); // the echo is there, masked
    expect(text).not.toContain(secret);
    expect(text).not.toContain(KEY);
  });

  it("keeps a URL's short route words readable", async () => {
    const { webhooks, lines } = echoing();
    const error = await webhooks
      .createWebhook({
        ...params,
        webhookURL: "https://hooks.example.com/chaindata/solana",
        webhookType: "enhanced",
      })
      .catch((e: unknown) => e);
    expect(everything(error, lines)).toContain("hooks.example.com/chaindata/solana");
  });
});

describe("a refused value that holds a credential is not quoted", () => {
  it("a webhook URL's query without a scheme is left out of the message", async () => {
    const { webhooks } = echoing();
    for (const webhookURL of [
      `hooks.example.com/h?token=${QUERY_TOKEN}`,
      `https:/h.example.com?token=${QUERY_TOKEN}`,
    ]) {
      const error = await webhooks
        .createWebhook({ ...params, webhookURL, webhookType: "enhanced" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String(error)).toContain("webhookURL");
      expect(String(error)).not.toContain(QUERY_TOKEN.slice(0, 6));
    }
  });

  it("an authHeader given as a number is not quoted", async () => {
    const { webhooks } = echoing();
    const error = await webhooks
      .createWebhook({
        ...params,
        webhookURL: "https://hooks.example.com/h",
        webhookType: "enhanced",
        authHeader: 918273645546,
      } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain("authHeader");
    expect(JSON.stringify(error) + String(error)).not.toContain("918273645546");
  });
});
