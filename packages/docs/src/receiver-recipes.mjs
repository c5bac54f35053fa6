// The receiver's recipes: the Redis store and the framework recipes, each a file of the webhooks
// package (packages/webhooks/recipes/) shown whole on the docs' delivery pages (build.mjs reads
// them) and in the webhooks README (scripts/generate/receiver-readme.mjs imports this list: the
// repository's scripts may import a package, a package does not import the scripts). One list, so
// that a recipe added for one cannot be left out of the other. Node's imports only:
// the README generator runs before @chaindata/core is built.
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
