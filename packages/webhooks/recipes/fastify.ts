import Fastify, { type FastifyInstance } from "fastify";
import { createWebhookHandler, toNodeHandler } from "@chaindata/webhooks";

const handle = createWebhookHandler({
  authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with
  onEvent: (event) => console.log(event.type, event.signature),
});
const webhook = toNodeHandler(handle);

// A plugin of its own, whose routes no content-type parser reads: the handler checks
// Authorization before it reads the body. The app's other routes keep Fastify's parsers.
async function chaindataWebhooks(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  app.post("/webhooks/chaindata", (request, reply) => {
    reply.hijack(); // the handler answers on the Node response
    webhook(request.raw, reply.raw);
  });
}

const app = Fastify();
await app.register(chaindataWebhooks);

export default app; // or await app.listen({ port: 3000 })
