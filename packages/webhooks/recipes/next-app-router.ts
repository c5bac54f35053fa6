// app/webhooks/chaindata/route.ts (Next.js App Router)
import { createWebhookHandler } from "@chaindata/webhooks";

// Made on the first request, not when the module is imported: `next build` imports route modules
// without the runtime's environment, and createWebhookHandler throws when authHeader is unset.
let handle: ((request: Request) => Promise<Response>) | undefined;

export const POST = (request: Request) =>
  (handle ??= createWebhookHandler({
    authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with
    onEvent: (event) => console.log(event.type, event.signature),
  }))(request);
