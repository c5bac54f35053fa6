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
