// The README's Cloudflare Workers recipe, in Node with the trait that matters there: no `process`
// global (a Worker before compatibility date 2026-08-04 without nodejs_compat), the secret from
// `fetch`'s `env`. (User trial edge74: in workerd, a handler made per request ran a duplicate
// delivery's onEvent again, and one kept per isolate ran it once.)
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWebhookHandler } from "./index.js";

const env = { WEBHOOK_AUTH: "Bearer a-worker-secret" };
const SIG =
  "5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv";
const delivery = (authorization: string) =>
  new Request("https://worker.example/", {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify([{ signature: SIG, type: "TRANSFER", fee: 5000 }]),
  });

afterEach(() => vi.unstubAllGlobals());

describe("a Worker's receiver, with no process global", () => {
  it("kept per isolate (the README's recipe): a later request's duplicate is skipped, a wrong Authorization is 401", async () => {
    vi.stubGlobal("process", undefined);
    const onEvent = vi.fn();
    let handle: ((request: Request) => Promise<Response>) | undefined;
    const worker = {
      fetch: (request: Request, env: { WEBHOOK_AUTH: string }) =>
        (handle ??= createWebhookHandler({ authHeader: env.WEBHOOK_AUTH, onEvent }))(request),
    };
    const refused = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await worker.fetch(delivery("Bearer wrong"), env)).status).toBe(401);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(String(refused.mock.calls[0])).not.toContain(env.WEBHOOK_AUTH);
    expect((await worker.fetch(delivery(env.WEBHOOK_AUTH), env)).status).toBe(200);
    expect((await worker.fetch(delivery(env.WEBHOOK_AUTH), env)).status).toBe(200);
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it("made per request: each has a store of its own, so the duplicate runs again (why the README keeps it)", async () => {
    vi.stubGlobal("process", undefined);
    const onEvent = vi.fn();
    const worker = {
      fetch: (request: Request, env: { WEBHOOK_AUTH: string }) =>
        createWebhookHandler({ authHeader: env.WEBHOOK_AUTH, onEvent })(request),
    };
    await worker.fetch(delivery(env.WEBHOOK_AUTH), env);
    await worker.fetch(delivery(env.WEBHOOK_AUTH), env);
    expect(onEvent).toHaveBeenCalledTimes(2);
  });
});
