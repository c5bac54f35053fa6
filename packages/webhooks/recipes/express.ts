import express from "express";
import { createWebhookHandler, toNodeHandler } from "@chaindata/webhooks";

const handle = createWebhookHandler({
  authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with
  onEvent: (event) => console.log(event.type, event.signature),
});
const app = express();
// First, before any body parser: the handler checks Authorization before it reads the body.
app.post("/webhooks/chaindata", toNodeHandler(handle));
app.use(express.json()); // the rest of the app

export default app; // or app.listen(3000)
