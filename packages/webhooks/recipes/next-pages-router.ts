// pages/api/webhooks/chaindata.ts (Next.js Pages Router)
import type { IncomingMessage, ServerResponse } from "node:http";
import { createWebhookHandler, toNodeHandler } from "@chaindata/webhooks";

// Next.js's body parser would read the body first, and every delivery would be answered 500.
export const config = { api: { bodyParser: false } };

// Made on the first request, not when the module is imported: `next build` imports API routes
// without the runtime's environment, and createWebhookHandler throws when authHeader is unset.
let webhook: ReturnType<typeof toNodeHandler> | undefined;

export default function handler(req: IncomingMessage, res: ServerResponse) {
  webhook ??= toNodeHandler(
    createWebhookHandler({
      authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with
      onEvent: (event) => console.log(event.type, event.signature),
    }),
  );
  return webhook(req, res);
}
