// The webhooks README's advice on the receiver's secret (user trial 60, F10: `authHeader: "x"` is
// taken, and nothing said to make it long and random): the expression it gives, run as written,
// makes a secret of 32 random bytes that a delivery carrying it passes and one without it does not.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";
import { createWebhookHandler } from "@chaindata/webhooks";
import { describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../../packages/webhooks/README.md", import.meta.url), "utf8");

describe("the webhooks README's authHeader advice", () => {
  it("gives a node:crypto expression for a long random secret, which the handler takes", async () => {
    const advice = /^Make `authHeader` a long random secret\b.*$/m.exec(readme)?.[0];
    expect(advice, "the receiver section says how to make a long random authHeader").toBeDefined();
    expect(advice).toContain("`node:crypto`");
    const expression = /`(randomBytes\(\d+\)[^`]*)`/.exec(advice!)![1]!;
    const make = runInThisContext(`(randomBytes) => ${expression}`) as (
      bytes: typeof randomBytes,
    ) => string;
    const secret = make(randomBytes);
    // 32 bytes as base64url: 43 characters, none a header value cannot carry.
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(make(randomBytes)).not.toBe(secret);

    const handle = createWebhookHandler({
      authHeader: secret,
      onEvent: () => {},
      onRefused: () => {},
    });
    const post = (authorization: string) =>
      handle(
        new Request("http://localhost/hook", {
          method: "POST",
          body: "[]",
          headers: { authorization },
        }),
      );
    expect((await post(secret)).status).toBe(200);
    expect((await post(secret.slice(1))).status).toBe(401);
  });

  it("says to keep the API key out of authHeader, which every delivery carries to webhookURL", () => {
    // (The SDK sends an authHeader equal to the API key as it sends any other value.)
    const advice = /^Make `authHeader` a long random secret\b.*$/m.exec(readme)?.[0] ?? "";
    expect(advice).toContain("a secret of its own, not the API key");
    expect(advice).toContain("with every delivery to `webhookURL`");
  });
});
