// The receiver's recipes: the Redis store and the framework recipes, each a file of the webhooks
// package (packages/webhooks/recipes/) shown whole on the docs' delivery pages (build.mjs reads
// them) and in the webhooks README (scripts/generate/receiver-readme.mjs imports this list: the
// repository's scripts may import a package, a package does not import the scripts). One list, so
// that a recipe added for one cannot be left out of the other; and, for the same reason, the one
// text of the receiver's parts. Node's imports only: the README generator runs before
// @chaindata/core is built.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The directory of the recipes. */
export const RECIPES_DIR = fileURLToPath(new URL("../../webhooks/recipes", import.meta.url));

/** Each recipe's file, by the name the delivery pages and the README show it by. */
export const RECEIVER_RECIPES = {
  store: join(RECIPES_DIR, "redis-store.ts"),
  express: join(RECIPES_DIR, "express.ts"),
  fastify: join(RECIPES_DIR, "fastify.ts"),
  nextApp: join(RECIPES_DIR, "next-app-router.ts"),
  nextPages: join(RECIPES_DIR, "next-pages-router.ts"),
};

/**
 * The receiver's parts, for a receiver of one's own, in Markdown: the paragraph the delivery pages
 * (pages/webhooks.mjs, through markdown.mjs's `inline`) and the webhooks README both show.
 * `pkg`: the package that exports them.
 */
export const receiverPartsText = (pkg) =>
  `Where the handler does not fit (a queue that stores each delivery before handling it, a framework that has already read the body as bytes), the parts it is made of are exported beside it by \`${pkg}\`: \`parseDelivery(body, kind)\` parses a delivery's text or bytes (not what \`JSON.parse\` gave, whose u64 amounts are rounded) into typed events of \`kind\` (\`"enhanced"\` or \`"raw"\`), u64 values as \`bigint\`, and throws a \`TypeError\` naming the rule for a body that is not a JSON array of such events; \`eventSignature(event)\` reads the signature de-duplication goes by (a raw event's first of \`transaction.signatures\`); \`safeEqual(a, b)\` compares two strings in time that does not depend on where they differ, for the \`Authorization\` header against the secret, and throws a \`TypeError\` for a value that is not a string (an unset variable) rather than let a missing header equal a missing secret.`;

/**
 * How to stop a server that runs the handler without losing a delivery, in Markdown: the paragraph
 * the delivery pages and the webhooks README both show (as `receiverPartsText`).
 */
export const receiverStopText = () =>
  `To stop a server without losing a delivery (on \`SIGTERM\`, a deploy), call \`server.close()\`, which takes no new connection and lets the deliveries in flight be answered (\`server.closeAllConnections()\` would cut their answers off), and abort the calls that \`onEvent\` makes: give each an \`AbortSignal\` of yours (\`{ signal }\`, the last argument of every call) and abort it. Let the \`AbortError\` they reject with leave \`onEvent\`: the handler answers that delivery 500 and forgets its signature, so the service's redelivery runs the event again, on this instance once restarted or on another. An \`onEvent\` that catches the error and returns has its event recorded as handled: a redelivery that reaches the same signature store skips it. Delete the webhook (\`deleteWebhook\`) only when no instance is to receive its deliveries any more: one deleted on every restart misses the transactions confirmed until it is created again, which the service does not send later.`;
